import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The model protocol (docs/model-protocol.md). A model is an HTTP endpoint: POST a JSON object
 * of the task's input fields (without the targets) and context fields; it answers with the
 * output fields, optional probabilities, and a signature over both, made with the secret the
 * platform gave the model. The platform stores an example's model answer only with a valid
 * signature, so nobody can claim a model said what it did not.
 */
export interface ModelRequest {
  [field: string]: unknown;
}

export interface ModelResponse {
  [field: string]: unknown;
  signature: string;
  model_name: string;
}

/** Canonical JSON: object keys sorted at every depth, so both sides sign the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function signModelAnswer(
  secret: string,
  taskCode: string,
  input: ModelRequest,
  output: Record<string, unknown>,
): string {
  return createHmac('sha256', secret)
    .update(canonicalJson({ task: taskCode, input, output }))
    .digest('hex');
}

export function verifyModelAnswer(
  secret: string,
  taskCode: string,
  input: ModelRequest,
  output: Record<string, unknown>,
  signature: string,
): boolean {
  const expected = Buffer.from(signModelAnswer(secret, taskCode, input, output), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
