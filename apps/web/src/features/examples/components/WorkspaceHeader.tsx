import { type ReactNode } from 'react';
import { Alert, Group, Title } from '@mantine/core';

interface WorkspaceHeaderProps {
  /** The task's name. */
  title: string;
  /** What the page asks for, e.g. "Validate examples". */
  subtitle: ReactNode;
  /** The task's content warning, if it has one. */
  warning?: string;
  /** The page's controls, on the right. */
  children?: ReactNode;
}

/** The top of the create and validate pages: task, purpose, controls and content warning. */
export function WorkspaceHeader({ title, subtitle, warning, children }: WorkspaceHeaderProps) {
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{title}</Title>
          <Title order={2} size="h3" fw={500} c="dimmed" mt={4}>
            {subtitle}
          </Title>
        </div>
        {children}
      </Group>
      {warning ? (
        <Alert color="orange" variant="light" title="Content warning">
          {warning}
        </Alert>
      ) : null}
    </>
  );
}
