import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage, isApiError } from '../lib/api';

interface ErrorAlertProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed request: the server's error text, its request id for support, and a Retry button. */
export function ErrorAlert({
  error,
  title = 'Something went wrong',
  onRetry,
  retrying = false,
}: ErrorAlertProps) {
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      {requestId ? (
        <Text size="xs" c="dimmed" mt={4}>
          Reference: {requestId}
        </Text>
      ) : null}
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
