import { type ErrorBody } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';

/** Every API route lives under this prefix, on the same origin as the SPA. */
export const API_PREFIX = '/api';

/** A failed API call: the HTTP status and the server's error body (or a stand-in for it). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }

  get requestId(): string | undefined {
    return this.body.request_id;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The error of a request that never got an answer (offline, DNS, connection reset). */
export function networkError(): ApiError {
  return new ApiError(0, { status_code: 0, error: MESSAGES.platformProblem, code: 'network' });
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.code === 'string';
}

function fallbackErrorBody(status: number, requestId: string | null): ErrorBody {
  const error =
    status >= 500 ? MESSAGES.platformProblem : `The request failed (HTTP ${String(status)}).`;
  return {
    status_code: status,
    error,
    code: status >= 500 ? 'internal' : 'unknown',
    ...(requestId ? { request_id: requestId } : {}),
  };
}

/** The error body of a non-2xx answer, or a stand-in when the server sent none. */
export async function readErrorBody(response: Response): Promise<ErrorBody> {
  const requestId = response.headers.get('x-request-id');
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return fallbackErrorBody(response.status, requestId);
  }
  if (!isErrorBody(parsed)) return fallbackErrorBody(response.status, requestId);
  if (parsed.request_id === undefined && requestId) return { ...parsed, request_id: requestId };
  return parsed;
}
