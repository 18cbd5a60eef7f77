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

/** The one place request headers are built (the auth header will be added here). */
function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
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

async function readErrorBody(response: Response): Promise<ErrorBody> {
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

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls `/api{path}` and resolves with the parsed JSON body; rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { status_code: 0, error: MESSAGES.platformProblem, code: 'network' });
  }

  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, {
      status_code: response.status,
      error: MESSAGES.platformProblem,
      code: 'invalid_response',
    });
  }
}

/** GET `/api{path}` as JSON. */
export function apiGet<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  return apiRequest<T>(path, { signal: options.signal });
}

/** The text to show for any error thrown by a query: the server's own words when it sent some. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.platformProblem;
}
