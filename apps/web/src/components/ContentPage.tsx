import { type ReactNode } from 'react';
import { Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../hooks/use-document-title';

interface ContentPageProps {
  title: string;
  /** The page's part of document.title, when it differs from the heading. */
  documentTitle?: string;
  /** A line under the heading, e.g. the effective date of a policy. */
  subtitle?: ReactNode;
  children: ReactNode;
}

/** A text page: sets the document title and shows the title as the page's h1. */
export function ContentPage({ title, documentTitle, subtitle, children }: ContentPageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Container size="md" py="xl">
      <Title order={1}>{title}</Title>
      {subtitle ? (
        <Text c="dimmed" mt="xs">
          {subtitle}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>{children}</div>
    </Container>
  );
}
