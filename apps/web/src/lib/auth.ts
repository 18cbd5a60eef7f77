import { type RouteResponse } from '@dynaloop/contract';
import { endpoints } from '@dynaloop/contract/endpoints';
import { MESSAGES } from '@dynaloop/contract/messages';
import { API_PREFIX, ApiError, networkError, readErrorBody } from './http';

/**
 * The browser side of a login: the short-lived access token (a JWT kept in localStorage), its
 * renewal through the httpOnly refresh cookie, and what happens when renewal fails. Free of zod
 * and of React, so that the navbar can use it on every page.
 */

/** localStorage key of the access token (the name the original web app used). */
export const TOKEN_KEY = 'id_token';
/** localStorage key of the guest token used by model-calling pages. */
export const TRIAL_TOKEN_KEY = 'trial_auth_token';
/** A token that expires within this many seconds is renewed before it is sent. */
export const REFRESH_MARGIN_SECONDS = 10;
/** Wait before the one retry of a refresh that failed on the network or with a 5xx. */
export const REFRESH_RETRY_DELAY_MS = 1000;

/** What the SPA reads from the access token's payload (never verified here: the server does). */
export interface TokenPayload {
  id: number;
  username: string;
  exp: number;
}

// ---------------------------------------------------------------------------------------------
// Token storage, observable so that React re-renders on login, logout and in other tabs.

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (privacy mode): behave as logged out
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the token lives only as long as this call */
  }
}

export function getToken(): string | null {
  return readStorage(TOKEN_KEY);
}

export function setToken(token: string): void {
  writeStorage(TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  writeStorage(TOKEN_KEY, null);
  notify();
}

function onStorage(event: StorageEvent): void {
  if (event.key === TOKEN_KEY || event.key === null) notify();
}

/** Calls `listener` whenever the token changes, here or in another tab; returns the unsubscribe. */
export function subscribeToken(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function readPayload(token: string | null): Record<string, unknown> | null {
  const segment = token?.split('.')[1];
  if (!segment) return null;
  try {
    const data: unknown = JSON.parse(base64UrlDecode(segment));
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The payload of a user's access token, or null when `token` is not one. */
export function decodeToken(token: string | null): TokenPayload | null {
  const data = readPayload(token);
  if (!data || typeof data.id !== 'number' || typeof data.exp !== 'number') return null;
  return {
    id: data.id,
    username: typeof data.username === 'string' ? data.username : '',
    exp: data.exp,
  };
}

/** Whether `token` expires within REFRESH_MARGIN_SECONDS of `now` (or cannot be read). */
export function isTokenExpiring(token: string, now: number = Date.now()): boolean {
  const exp = readPayload(token)?.exp;
  if (typeof exp !== 'number') return true;
  return exp * 1000 - now <= REFRESH_MARGIN_SECONDS * 1000;
}

// ---------------------------------------------------------------------------------------------
// The notice shown when the session could not be renewed.

let notice: string | null = null;
const noticeListeners = new Set<Listener>();

export function getAuthNotice(): string | null {
  return notice;
}

export function setAuthNotice(value: string | null): void {
  if (notice === value) return;
  notice = value;
  for (const listener of noticeListeners) listener();
}

export function subscribeAuthNotice(listener: Listener): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// Renewal.

type SessionExpiredHandler = () => void;
let sessionExpiredHandler: SessionExpiredHandler | null = null;

/**
 * Who sends the user to the login page when the session cannot be renewed: the app registers a
 * handler that knows the router. Without one the browser location is changed.
 */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = null;
  };
}

function goToLogin(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return;
  window.location.assign(`/login?src=${encodeURIComponent(pathname + search + hash)}`);
}

/**
 * Ends the local session: shows "Could not refresh token", goes to the login page with `src`
 * set to the current page, and forgets the token.
 */
export function expireSession(): void {
  setAuthNotice(MESSAGES.couldNotRefreshToken);
  try {
    if (sessionExpiredHandler) sessionExpiredHandler();
    else goToLogin();
  } finally {
    clearToken();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The token of a /authenticate/refresh or /authenticate/get_trial_token answer, if it has one. */
function tokenOf(body: unknown): RouteResponse<'refresh'>['token'] | null {
  if (typeof body !== 'object' || body === null || !('token' in body)) return null;
  return typeof body.token === 'string' ? body.token : null;
}

/** One GET /authenticate/refresh; transient failures (network, 5xx) are retried once. */
async function requestNewToken(): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | null = null;
    try {
      response = await fetch(`${API_PREFIX}${endpoints.refresh.path}`, {
        method: 'GET',
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
    } catch {
      response = null;
    }
    if (response?.ok) {
      const token = tokenOf(await response.json().catch(() => null));
      if (token !== null) return token;
      throw new ApiError(response.status, {
        status_code: response.status,
        error: MESSAGES.couldNotRefreshToken,
        code: 'invalid_response',
      });
    }
    const transient = response === null || response.status >= 500;
    if (!transient || attempt >= 1) {
      throw response
        ? new ApiError(response.status, await readErrorBody(response))
        : networkError();
    }
    await delay(REFRESH_RETRY_DELAY_MS);
  }
}

let refreshing: Promise<string> | null = null;

/**
 * A new access token from the refresh cookie. Concurrent callers share one request. On success
 * the token is stored; on failure the session is ended (see expireSession) and the promise
 * rejects with a 401 ApiError saying "Could not refresh token".
 */
export function refreshToken(): Promise<string> {
  refreshing ??= requestNewToken()
    .then((token) => {
      setToken(token);
      return token;
    })
    .catch((error: unknown) => {
      expireSession();
      const status = error instanceof ApiError && error.status > 0 ? error.status : 401;
      throw new ApiError(status, {
        status_code: status,
        error: MESSAGES.couldNotRefreshToken,
        code: 'token_expired',
      });
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The token to send with an authenticated call, renewed first when it is about to expire. */
export async function getAccessToken(): Promise<string | null> {
  const token = getToken();
  if (!token) return null;
  if (!isTokenExpiring(token)) return token;
  return refreshToken();
}

// ---------------------------------------------------------------------------------------------
// Guest (trial) tokens.

/** A guest token for model-calling pages, kept in localStorage until it is about to expire. */
export async function getTrialToken(): Promise<string> {
  const stored = readStorage(TRIAL_TOKEN_KEY);
  if (stored && !isTokenExpiring(stored)) return stored;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${endpoints.trialToken.path}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  const token = tokenOf(await response.json().catch(() => null));
  if (token === null) {
    throw new ApiError(response.status, {
      status_code: response.status,
      error: MESSAGES.platformProblem,
      code: 'invalid_response',
    });
  }
  writeStorage(TRIAL_TOKEN_KEY, token);
  return token;
}
