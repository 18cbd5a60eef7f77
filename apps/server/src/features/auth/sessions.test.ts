import { PASSWORD_RESET_TTL_MINUTES } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { HSTS, PERMISSIONS_POLICY } from '../../platform/security-headers.js';
import { makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const PASSWORD = 'correct-horse-battery';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const refreshCookie = (res: Injected) => res.cookies.find((c) => c.name === 'dynaloop_refresh');

describe('sessions end when the login ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = async (email: string, password = PASSWORD) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    return { token: res.json<{ token: string }>().token, cookie: refreshCookie(res)!.value };
  };
  const me = (token: string, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(token) });

  it('a token used after logout is refused; another login of the same user goes on', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const first = await login(user.email);
    const second = await login(user.email);
    expect((await me(first.token, user.id)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate/logout',
      cookies: { dynaloop_refresh: first.cookie },
    });
    expect(out.statusCode).toBe(200);

    const after = await me(first.token, user.id);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'unauthorized',
      error: expect.stringMatching(/ended/),
    });
    expect((await me(second.token, user.id)).statusCode).toBe(200);
  });

  it('logout with only the access token (no cookie) ends that login too', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const session = await login(user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate/logout',
      headers: bearer(session.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await me(session.token, user.id)).statusCode).toBe(401);
    // The refresh token of that login is spent as well.
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/refresh',
      cookies: { dynaloop_refresh: session.cookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('a refreshed access token belongs to the same login and ends with it', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const session = await login(user.email);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/refresh',
      cookies: { dynaloop_refresh: session.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json<{ token: string }>().token;
    expect((await me(token, user.id)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/authenticate/logout',
      cookies: { dynaloop_refresh: refreshCookie(refreshed)!.value },
    });
    expect((await me(token, user.id)).statusCode).toBe(401);
    expect((await me(session.token, user.id)).statusCode).toBe(401);
  });

  it('a password change (reset) ends the access tokens of every login', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const a = await login(user.email);
    const b = await login(user.email);
    const resetToken = randomToken();
    await t.db
      .insertInto('password_reset_tokens')
      .values({
        uid: user.id,
        token_hash: sha256(resetToken),
        expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      })
      .execute();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/recover/resolve/${resetToken}`,
      payload: { email: user.email, password: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(a.token, user.id)).statusCode).toBe(401);
    expect((await me(b.token, user.id)).statusCode).toBe(401);
    const fresh = await login(user.email, 'a-brand-new-password');
    expect((await me(fresh.token, user.id)).statusCode).toBe(200);
  });

  it('authentication answers are never cached; every answer has a Permissions-Policy', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email: user.email, password: PASSWORD },
    });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const refresh = await t.app.inject({ method: 'GET', url: '/api/authenticate/refresh' });
    for (const res of [ok, failed, refresh]) expect(res.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).not.toBe('no-store');
    expect(health.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    // Plain http without an https public URL: no HSTS, no Secure cookie.
    expect(ok.headers['strict-transport-security']).toBeUndefined();
    expect(refreshCookie(ok)!.secure).toBeFalsy();
  });
});

describe('behind a TLS-terminating proxy (PUBLIC_URL is https, TRUST_PROXY unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://dynaloop.example.org' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the refresh cookie is Secure and answers carry HSTS', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookie(res)!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBe(HSTS);
  });
});
