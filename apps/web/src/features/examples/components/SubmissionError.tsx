import { Alert, Text } from '@mantine/core';
import { RetryButton } from '../../../components/ErrorAlert';
import { errorMessage, isApiError } from '../../../lib/api';
import { MODEL_FAILED, ModelAnswerError } from '../../models/api/ask-model';
import { StoreFailed } from '../api/submit';

/** The server's own field problems (400 details name fields such as body.input.label). */
function detailsOf(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return (error.body.details ?? []).map(
    (d) => `${d.path.replace(/^body\.(input\.)?/, '')}: ${d.message}`,
  );
}

/** One line saying why a submission failed. */
export function submissionErrorText(error: unknown): string {
  if (error instanceof ModelAnswerError) return `${MODEL_FAILED}. ${error.detail}`;
  if (error instanceof StoreFailed) {
    const details = detailsOf(error.cause);
    return `The example was not stored: ${details.length > 0 ? details.join('; ') : errorMessage(error.cause)}`;
  }
  return errorMessage(error);
}

/** Why the last submission failed; a Retry for an example the model answered but was not stored. */
export function SubmissionError({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  if (error instanceof ModelAnswerError) {
    return (
      <Alert color="red" variant="light" role="alert" title={MODEL_FAILED}>
        <Text size="sm">{error.detail} Nothing was stored.</Text>
      </Alert>
    );
  }
  if (error instanceof StoreFailed) {
    const details = detailsOf(error.cause);
    const lost = isApiError(error.cause) && error.cause.status === 0;
    return (
      <Alert color="red" variant="light" role="alert" title="The example was not stored">
        <Text size="sm">{errorMessage(error.cause)}</Text>
        {details.length > 0 ? (
          <Text size="sm" component="ul" m={0} pl="md">
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </Text>
        ) : null}
        {lost && onRetry ? <RetryButton onRetry={onRetry} retrying={retrying} /> : null}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" title="The example was not submitted">
      <Text size="sm">{errorMessage(error)}</Text>
    </Alert>
  );
}
