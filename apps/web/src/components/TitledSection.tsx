import { type ReactNode } from 'react';
import { type MantineSpacing, Title, type TitleSize } from '@mantine/core';

interface TitledSectionProps {
  /** The id of the heading, which names the section. */
  id: string;
  title: ReactNode;
  size?: TitleSize;
  mb?: MantineSpacing | number;
  children: ReactNode;
}

/** A section of a page named by its level-2 heading. */
export function TitledSection({ id, title, size, mb = 'sm', children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size={size} id={id} mb={mb}>
        {title}
      </Title>
      {children}
    </section>
  );
}
