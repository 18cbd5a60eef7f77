import { MESSAGES } from '@dynaloop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/auth';
import { callsTo, jsonResponse, mockFetch, mockRoutes } from '../test/fetch';
import { apiRequest, ApiError } from './api';
import {
  decodeToken,
  getAuthNotice,
  getToken,
  getTrialToken,
  isTokenExpiring,
  setSessionExpiredHandler,
  setToken,
  TOKEN_KEY,
  TRIAL_TOKEN_KEY,
} from './auth';

const ME = 'GET /api/users/1';
const REFRESH = 'GET /api/authenticate/refresh';
const bearer = (request: { headers: Headers }) => request.headers.get('Authorization');

function expiredError() {
  return jsonResponse(
    { status_code: 401, error: 'Token expired', code: 'token_expired', request_id: 'r1' },
    401,
  );
}

describe('tokens', () => {
  it('decodes the payload of a JWT, UTF-8 usernames included', () => {
    const token = makeToken({ id: 7, username: 'Zoë', expiresIn: 60 });
    const payload = decodeToken(token);
    expect(payload?.id).toBe(7);
    expect(payload?.username).toBe('Zoë');
    expect(payload?.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('reads garbage as no token', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('not-a-jwt')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(`a.${btoa('{"id":"x"}')}.c`)).toBeNull();
  });

  it('counts a token as expiring within 10 seconds of its expiry', () => {
    expect(isTokenExpiring(makeToken({ expiresIn: 60 }))).toBe(false);
    expect(isTokenExpiring(makeToken({ expiresIn: 11 }))).toBe(false);
    expect(isTokenExpiring(makeToken({ expiresIn: 9 }))).toBe(true);
    expect(isTokenExpiring(makeToken({ expiresIn: -60 }))).toBe(true);
  });
});

describe('apiRequest with auth', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the stored token as a Bearer header, and none without the auth option', async () => {
    const token = makeToken();
    setToken(token);
    const fetchMock = mockRoutes({ [ME]: () => jsonResponse({ id: 1 }) });

    await apiRequest('/users/1', { auth: true });
    await apiRequest('/users/1');

    const [withAuth, withoutAuth] = callsTo(fetchMock, ME);
    expect(withAuth && bearer(withAuth)).toBe(`Bearer ${token}`);
    expect(withoutAuth && bearer(withoutAuth)).toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    setToken(makeToken());
    const fetchMock = mockRoutes({
      'POST /api/users/1/avatar/upload': () => jsonResponse({ avatar_url: '/a.png' }),
    });
    const form = new FormData();
    form.append('file', new File(['x'], 'me.png', { type: 'image/png' }));

    await apiRequest('/users/1/avatar/upload', { method: 'POST', body: form, auth: true });

    const [call] = callsTo(fetchMock, 'POST /api/users/1/avatar/upload');
    expect(call?.body).toBe(form);
    expect(call?.headers.get('Content-Type')).toBeNull();
  });

  it('refreshes an expired token once for two parallel calls and stores the new one', async () => {
    setToken(makeToken({ expiresIn: -5 }));
    const fresh = makeToken({ expiresIn: 900 });
    const fetchMock = mockRoutes({
      [REFRESH]: () => jsonResponse({ token: fresh }),
      [ME]: () => jsonResponse({ id: 1 }),
      'GET /api/notifications': () => jsonResponse({ count: 0, data: [] }),
    });

    await Promise.all([
      apiRequest('/users/1', { auth: true }),
      apiRequest('/notifications', { auth: true }),
    ]);

    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    expect(getToken()).toBe(fresh);
    const [me] = callsTo(fetchMock, ME);
    const [notifications] = callsTo(fetchMock, 'GET /api/notifications');
    expect(me && bearer(me)).toBe(`Bearer ${fresh}`);
    expect(notifications && bearer(notifications)).toBe(`Bearer ${fresh}`);
  });

  it('refreshes a token that expires within 10 seconds', async () => {
    setToken(makeToken({ expiresIn: 5 }));
    const fresh = makeToken({ expiresIn: 900 });
    const fetchMock = mockRoutes({
      [REFRESH]: () => jsonResponse({ token: fresh }),
      [ME]: () => jsonResponse({ id: 1 }),
    });

    await apiRequest('/users/1', { auth: true });

    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    expect(getToken()).toBe(fresh);
  });

  it('retries a refresh that failed with a 5xx once, after one second', async () => {
    vi.useFakeTimers();
    setToken(makeToken({ expiresIn: -5 }));
    const fresh = makeToken();
    let refreshes = 0;
    const fetchMock = mockRoutes({
      [REFRESH]: () => {
        refreshes += 1;
        return refreshes === 1
          ? jsonResponse({ status_code: 503, error: 'Busy', code: 'service_unavailable' }, 503)
          : jsonResponse({ token: fresh });
      },
      [ME]: () => jsonResponse({ id: 1 }),
    });

    const call = apiRequest('/users/1', { auth: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);

    await expect(call).resolves.toEqual({ id: 1 });
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(2);
    expect(getToken()).toBe(fresh);
  });

  it('gives up after one retry when the network fails twice', async () => {
    vi.useFakeTimers();
    setToken(makeToken({ expiresIn: -5 }));
    const handler = vi.fn();
    const unregister = setSessionExpiredHandler(handler);
    const fetchMock = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const call = apiRequest('/users/1', { auth: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await call;

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MESSAGES.couldNotRefreshToken);
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('fails at once when the refresh answers 401: token removed, notice shown, handler called', async () => {
    setToken(makeToken({ expiresIn: -5 }));
    const handler = vi.fn();
    const unregister = setSessionExpiredHandler(handler);
    const fetchMock = mockRoutes({
      [REFRESH]: () =>
        jsonResponse({ status_code: 401, error: 'No session', code: 'unauthorized' }, 401),
    });

    const results = await Promise.allSettled([
      apiRequest('/users/1', { auth: true }),
      apiRequest('/users/1', { auth: true }),
    ]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    expect(callsTo(fetchMock, ME)).toHaveLength(0);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getAuthNotice()).toBe(MESSAGES.couldNotRefreshToken);
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('refreshes and retries once when a call answers 401 token_expired', async () => {
    const stale = makeToken({ expiresIn: 600 }); // the server thinks otherwise (clock skew)
    setToken(stale);
    const fresh = makeToken({ expiresIn: 900 });
    const fetchMock = mockRoutes({
      [REFRESH]: () => jsonResponse({ token: fresh }),
      [ME]: (request) =>
        bearer(request) === `Bearer ${fresh}` ? jsonResponse({ id: 1 }) : expiredError(),
    });

    await expect(apiRequest('/users/1', { auth: true })).resolves.toEqual({ id: 1 });

    const calls = callsTo(fetchMock, ME);
    expect(calls.map(bearer)).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
  });

  it('does not refresh on other 401 answers and keeps the server message', async () => {
    setToken(makeToken());
    const fetchMock = mockRoutes({
      [ME]: () =>
        jsonResponse({ status_code: 401, error: 'Wrong password', code: 'unauthorized' }, 401),
    });

    const error = (await apiRequest('/users/1', { auth: true }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error.status).toBe(401);
    expect(error.message).toBe('Wrong password');
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(0);
  });

  it('retries only once: a second token_expired is the caller’s error', async () => {
    setToken(makeToken());
    const fetchMock = mockRoutes({
      [REFRESH]: () => jsonResponse({ token: makeToken() }),
      [ME]: () => expiredError(),
    });

    const error = (await apiRequest('/users/1', { auth: true }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error.code).toBe('token_expired');
    expect(callsTo(fetchMock, ME)).toHaveLength(2);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
  });
});

describe('getTrialToken', () => {
  it('fetches a guest token once and keeps it in localStorage', async () => {
    // Trial tokens carry no user id: { username: 'temp_user', scope: 'trial', exp }.
    const payload = btoa(
      JSON.stringify({ username: 'temp_user', scope: 'trial', exp: Date.now() / 1000 + 900 }),
    );
    const trial = `header.${payload}.signature`;
    const fetchMock = mockRoutes({
      'GET /api/authenticate/get_trial_token': () => jsonResponse({ token: trial }),
    });

    await expect(getTrialToken()).resolves.toBe(trial);
    await expect(getTrialToken()).resolves.toBe(trial);

    expect(localStorage.getItem(TRIAL_TOKEN_KEY)).toBe(trial);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects with the server error', async () => {
    mockRoutes({
      'GET /api/authenticate/get_trial_token': () =>
        jsonResponse({ status_code: 429, error: 'Too many requests', code: 'rate_limited' }, 429),
    });

    await expect(getTrialToken()).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests',
    });
  });
});
