import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage, isApiError } from '../lib/api';

interface ErrorAlertProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** Retry, under the text of a red alert. */
export function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Group mt="sm">
      <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </Group>
  );
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
      {onRetry ? <RetryButton onRetry={onRetry} retrying={retrying} /> : null}
    </Alert>
  );
}

/** What QueryErrorAlert needs of a failed query (a react-query useQuery result has it). */
interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed query's error, with a Retry that fetches it again. */
export function QueryErrorAlert({ title, query }: { title: string; query: FailedQuery }) {
  return (
    <ErrorAlert
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
