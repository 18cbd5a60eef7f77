import { type ExampleCreateBody } from '@dynaloop/contract';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api';

/** One submission, with the key that makes its retries safe. */
export interface PendingExample {
  body: ExampleCreateBody;
  idempotencyKey: string;
}

/** A random UUID; crypto.randomUUID exists only in secure contexts (HTTPS or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function pendingExample(body: ExampleCreateBody): PendingExample {
  return { body, idempotencyKey: newIdempotencyKey() };
}

/** POST /examples with the submission's Idempotency-Key. */
export function createExample(pending: PendingExample) {
  return callApi('createExample', {
    body: pending.body,
    headers: { 'idempotency-key': pending.idempotencyKey },
  });
}

/** Pause before retrying a submission whose answer was lost on the network. */
export const STORE_RETRY_DELAY_MS = 500;
const STORE_ATTEMPTS = 3;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Stores an example. A request that got no answer (network error) is sent again with the same
 * Idempotency-Key, so the server stores it once whatever happened to the first attempt.
 */
export async function storeExample(pending: PendingExample) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await createExample(pending);
    } catch (error) {
      const lost = isApiError(error) && error.status === 0;
      if (!lost || attempt >= STORE_ATTEMPTS) throw error;
      await delay(STORE_RETRY_DELAY_MS);
    }
  }
}
