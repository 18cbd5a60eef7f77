import { MESSAGES } from '@dynaloop/contract/messages';
import { getAccessToken, getToken, refreshToken } from './auth';
import { API_PREFIX, ApiError, isApiError, networkError, readErrorBody } from './http';

export { API_PREFIX, ApiError, isApiError };

/** The one place request headers are built. */
function buildHeaders(
  body: unknown,
  token: string | null,
  extra: Record<string, string> = {},
): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  // FormData sets its own multipart Content-Type, boundary included.
  if (body !== undefined && !(body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Send the access token (renewed first when it is about to expire). A 401 `token_expired`
   * answer renews it and retries the call once.
   */
  auth?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const { body } = options;
  try {
    return await fetch(`${API_PREFIX}${path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(body, token, options.headers),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

/** Calls `/api{path}` and resolves with the successful response; rejects with an ApiError. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = options.auth ? await getAccessToken() : null;
  let response = await send(path, options, token);

  if (!response.ok && response.status === 401 && token) {
    const body = await readErrorBody(response);
    if (body.code !== 'token_expired') throw new ApiError(response.status, body);
    // Another call may have renewed the token meanwhile; otherwise renew it now.
    const current = getToken();
    const renewed = current && current !== token ? current : await refreshToken();
    response = await send(path, options, renewed);
  }

  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return response;
}

/**
 * Calls `/api{path}` and resolves with the parsed JSON body; rejects with an ApiError. Features
 * call routes through `callApi` (api-client.ts), which types `T` from the route's schemas.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
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

/** The text to show for any error thrown by a query: the server's own words when it sent some. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.platformProblem;
}
