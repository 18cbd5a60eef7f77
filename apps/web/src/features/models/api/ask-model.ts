import { getAccessToken, getTrialToken } from '../../../lib/auth';
import { readErrorBody } from '../../../lib/http';
import { type FieldValues } from '../../examples/lib/fields';

/** docs/model-protocol.md: clients give a model this long to answer. */
export const MODEL_TIMEOUT_MS = 10_000;
export const MODEL_FAILED = 'The model did not answer properly';

/** A model that timed out, failed or answered something unusable: nothing is stored. */
export class ModelAnswerError extends Error {
  constructor(readonly detail: string) {
    super(MODEL_FAILED);
    this.name = 'ModelAnswerError';
  }
}

export interface ModelAnswer {
  /** The answer without `signature` and `model_name`: what an example stores as its output. */
  output: FieldValues;
  signature: string;
  modelName: string;
}

async function send(endpoint: string, body: FieldValues, token: string, signal: AbortSignal) {
  try {
    return await fetch(endpoint, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ModelAnswerError(
      signal.aborted
        ? `It gave no answer within ${String(MODEL_TIMEOUT_MS / 1000)} seconds.`
        : 'It could not be reached.',
    );
  }
}

/** Endpoints served by this platform itself (relative or same-origin URLs). */
export function isPlatformEndpoint(endpoint: string): boolean {
  try {
    return new URL(endpoint, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Asks a model for its answer (the model protocol): the contributor's access token, or a guest
 * trial token, as Bearer; at most MODEL_TIMEOUT_MS. The answer must be a JSON object with every
 * output field and a signature. A model hosted elsewhere never sees the contributor's session:
 * it gets a guest trial token, which opens nothing but model calls.
 */
export async function askModel(
  endpoint: string,
  body: FieldValues,
  expectedOutputs: string[],
  { guest }: { guest: boolean },
): Promise<ModelAnswer> {
  const token =
    guest || !isPlatformEndpoint(endpoint) ? await getTrialToken() : await getAccessToken();
  if (!token) throw new ModelAnswerError('You are not logged in any more.');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), MODEL_TIMEOUT_MS);
  try {
    const response = await send(endpoint, body, token, controller.signal);
    if (!response.ok) {
      const error = await readErrorBody(response);
      throw new ModelAnswerError(error.error);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new ModelAnswerError(
        controller.signal.aborted
          ? `It gave no answer within ${String(MODEL_TIMEOUT_MS / 1000)} seconds.`
          : 'Its answer is not JSON.',
      );
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new ModelAnswerError('Its answer is not a JSON object.');
    }
    const { signature, model_name: modelName, ...output } = answer as FieldValues;
    const missing = expectedOutputs.filter((name) => !(name in output));
    if (missing.length > 0) {
      throw new ModelAnswerError(`Its answer lacks ${missing.join(', ')}.`);
    }
    if (typeof signature !== 'string' || signature === '') {
      throw new ModelAnswerError('Its answer is not signed.');
    }
    return { output, signature, modelName: typeof modelName === 'string' ? modelName : '' };
  } finally {
    clearTimeout(timer);
  }
}
