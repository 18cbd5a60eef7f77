import { Button, Container, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title';

/** Shown inside the layout when a page throws, e.g. when its code can no longer be downloaded. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Container size="sm" py={64} ta="center">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed" mt="md">
        This page could not be shown. Reloading usually helps; if it does not, please contact us.
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed" mt="xs">
          {detail}
        </Text>
      ) : null}
      <Button mt="lg" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
