import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container size="sm" py={64} ta="center">
      <Text c="dimmed" fw={700} fz={48} lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} mt="md">
        Page not found
      </Title>
      <Text c="dimmed" mt="md">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button component={Link} to="/" mt="lg">
        Back to the home page
      </Button>
    </Container>
  );
}
