import { type ExampleDetail } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { apiRequest, isApiError } from '../../../lib/api';
import { type FieldValues } from '../lib/fields';

/** A context to write an example for (GET /contexts/:task/:round/:method). */
export interface TaskContext {
  id: number;
  r_realid: number;
  context: FieldValues;
  tag: string | null;
  metadata: FieldValues;
}

export const CONTEXT_METHODS = ['min', 'uniform', 'least_fooled', 'validation_failed'] as const;
export type ContextMethod = (typeof CONTEXT_METHODS)[number];

export function contextMethodOf(method: string | null | undefined): ContextMethod {
  return CONTEXT_METHODS.find((m) => m === method) ?? 'min';
}

export function fetchContext(
  task: string,
  round: number,
  method: ContextMethod,
  signal?: AbortSignal,
): Promise<TaskContext> {
  return apiRequest<TaskContext>(apiPath(endpoints.pickContext.path, { task, round, method }), {
    signal,
    auth: true,
  });
}

/** POST /examples: what the create page sends. */
export interface ExampleBody {
  tid: number;
  rid: number;
  cid: number;
  input: FieldValues;
  output?: FieldValues;
  model_signature?: string;
  model_endpoint_name?: string;
  model_wrong?: boolean;
  metadata: FieldValues;
  tag: string | null;
  time_elapsed_ms?: number;
}

export interface ExampleCreated {
  success: 'ok';
  id: number;
  model_wrong: boolean | null;
  badges: string | null;
}

/** One submission, with the key that makes its retries safe. */
export interface PendingExample {
  body: ExampleBody;
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

export function pendingExample(body: ExampleBody): PendingExample {
  return { body, idempotencyKey: newIdempotencyKey() };
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
export async function storeExample(pending: PendingExample): Promise<ExampleCreated> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await apiRequest<ExampleCreated>(endpoints.createExample.path, {
        method: 'POST',
        body: pending.body,
        auth: true,
        headers: { 'Idempotency-Key': pending.idempotencyKey },
      });
    } catch (error) {
      const lost = isApiError(error) && error.status === 0;
      if (!lost || attempt >= STORE_ATTEMPTS) throw error;
      await delay(STORE_RETRY_DELAY_MS);
    }
  }
}

/** POST /examples/evaluate: whether the model was fooled, by the task's metric (sandbox). */
export async function evaluateExample(
  tid: number,
  target: FieldValues,
  output: FieldValues,
): Promise<boolean | null> {
  const result = await apiRequest<{ model_wrong: boolean | null }>(endpoints.evaluateExample.path, {
    method: 'POST',
    body: { tid, target, output },
  });
  return result.model_wrong;
}

export type ExampleChange =
  { retracted: true } | { flagged: true } | { model_wrong: true } | { metadata: FieldValues };

/** PUT /examples/:id: retract, flag, confirm fooling or add metadata to one's own example. */
export function updateExample(id: number, change: ExampleChange): Promise<ExampleDetail> {
  return apiRequest<ExampleDetail>(apiPath(endpoints.updateExample.path, { id }), {
    method: 'PUT',
    body: change,
    auth: true,
  });
}
