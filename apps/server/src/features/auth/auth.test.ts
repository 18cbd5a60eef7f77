import { type AuthResult, type ErrorBody, type UserPrivate } from '@dynaloop/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, unique } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const REFRESH = 'dynaloop_refresh';
const PASSWORD = 'correct-horse-battery';

let ipSeq = 0;
/** A client address of its own for each caller, so that rate-limit counters never collide. */
const nextIp = () => {
  ipSeq++;
  return `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const refreshCookie = (res: Res) => res.cookies.find((c) => c.name === REFRESH);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userIds = async (t: TestApp) =>
  (await t.db.selectFrom('users').select('id').execute()).map((u) => u.id);

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users', payload, remoteAddress: nextIp() });

  it('explains every invalid field with the spec texts', async () => {
    const before = await userIds(t);
    const res = await register({ email: 'not-an-email', password: 'short', username: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: 'Invalid email address' },
        { path: 'body.password', message: 'Minimum password length is 8 characters' },
        { path: 'body.username', message: 'Required' },
      ]),
    );
    expect(await userIds(t)).toEqual(before);
  });

  it('refuses an email that exists, whatever its case', async () => {
    const existing = await makeUser(t.db);
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const res = await register({ email, password: PASSWORD, username: unique('u') });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', error: 'Email already exists' });
    }
  });

  it('refuses a username that exists, whatever its case', async () => {
    const existing = await makeUser(t.db);
    const res = await register({
      email: `${unique('e')}@example.test`,
      password: PASSWORD,
      username: existing.username.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', error: 'Username already exists' });
  });

  it('two registrations at once with one email make one account', async () => {
    const email = `${unique('twin')}@example.test`;
    const results = await Promise.all(
      ['a', 'b'].map((x) => register({ email, password: PASSWORD, username: unique(`twin${x}`) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates the account, logs it in and welcomes it with a badge', async () => {
    const username = unique('Reg');
    const email = `${username}@Example.test`;
    const res = await register({ email, password: PASSWORD, username });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthResult>();
    expect(body.user).toMatchObject({
      username,
      email: email.toLowerCase(),
      admin: false,
      realname: null,
      unseen_notifications: 1,
    });
    expect(typeof body.token).toBe('string');

    const cookie = refreshCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/authenticate' });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(40);
    const header = String(res.headers['set-cookie']);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/authenticate');

    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    const badges = await t.db
      .selectFrom('badges')
      .select('name')
      .where('uid', '=', body.user.id)
      .execute();
    expect(badges).toEqual([{ name: 'WELCOME_NOOB' }]);

    // The access token works at once, and the welcome is the user's first notification.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(body.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      data: [{ type: 'NEW_BADGE_EARNED', message: 'WELCOME_NOOB', seen: false }],
    });
  });
});

describe('registration in the closed beta', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        flags: { beta_login: true, fork: true, snapshot: true, dynaboard: true },
        betaInviteCodes: ['letmein'],
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (extra: Record<string, unknown>) => {
    const username = unique('beta');
    return t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: `${username}@example.test`, password: PASSWORD, username, ...extra },
      remoteAddress: nextIp(),
    });
  };

  it('the settings tell the web app that an invite code is needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/platform/settings' });
    expect(res.json()).toEqual({
      flags: { beta_login: true, fork: true, snapshot: true, dynaboard: true },
    });
  });

  it('needs an invite code', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Required',
      details: [{ path: 'body.invite_code', message: 'Required' }],
    });
  });

  it('refuses an unknown invite code', async () => {
    const before = await userIds(t);
    const res = await register({ invite_code: 'letmeout' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Unknown invite code',
      details: [{ path: 'body.invite_code', message: 'Unknown invite code' }],
    });
    expect(await userIds(t)).toEqual(before);
  });

  it('accepts a known invite code', async () => {
    const res = await register({ invite_code: 'letmein' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthResult>().token).toEqual(expect.any(String));
  });
});

describe('sessions', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db, { password: PASSWORD });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email, password },
      remoteAddress: ip,
    });
  const refresh = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/authenticate/refresh',
      remoteAddress: nextIp(),
      ...(cookie !== undefined ? { cookies: { [REFRESH]: cookie } } : {}),
    });
  const getSelf = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/users/${alice.id}`, headers });

  describe('login', () => {
    it('gives an access token and a refresh cookie', async () => {
      const res = await login(alice.email.toUpperCase(), PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json<AuthResult>();
      expect(body.user).toMatchObject({ id: alice.id, email: alice.email });
      expect(refreshCookie(res)).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/authenticate',
      });
      // Plain HTTP without a trusted proxy: not Secure, or the browser would drop it.
      expect(refreshCookie(res)!.secure).toBeFalsy();
      expect((await getSelf(bearer(body.token))).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const wrong = await login(alice.email, 'not-the-password');
      const unknown = await login(`${unique('nobody')}@example.test`, PASSWORD);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        const { request_id: _id, ...rest } = res.json<ErrorBody>();
        expect(rest).toEqual({
          status_code: 401,
          code: 'unauthorized',
          error: 'Authentication failed',
        });
        expect(refreshCookie(res)).toBeUndefined();
      }
    });

    it('a deleted account cannot log in', async () => {
      const bob = await makeUser(t.db, { password: PASSWORD });
      const token = await t.deps.tokens.signUser(bob);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${bob.id}`,
        headers: bearer(token),
        payload: { password: PASSWORD },
      });
      expect(del.statusCode).toBe(200);
      for (const email of [bob.email, `deleted user ${bob.id}`]) {
        const res = await login(email, PASSWORD);
        expect(res.statusCode, email).toBe(401);
        expect(res.json().error).toBe('Authentication failed');
      }
      // Its still unexpired access token is refused too.
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/users/${alice.id}`,
        headers: bearer(token),
      });
      expect(me.statusCode).toBe(401);
    });
  });

  describe('access tokens', () => {
    const sign = (secret: string, expiresAt: number) =>
      new SignJWT({ id: alice.id, username: alice.username, scope: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(expiresAt - 900)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));

    it('a session token works as a Bearer token', async () => {
      const res = await getSelf(bearer(await t.deps.tokens.signUser(alice)));
      expect(res.statusCode).toBe(200);
      expect(res.json<UserPrivate>().email).toBe(alice.email);
    });

    it('an expired token is told apart, so that the client refreshes', async () => {
      const token = await sign(t.config.jwtSecret!, Math.floor(Date.now() / 1000) - 60);
      const res = await getSelf(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_expired' });
    });

    it('a token signed with another secret is refused', async () => {
      const token = await sign('another-secret-another-secret-0123456789', Date.now() / 1000 + 600);
      const res = await getSelf(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    });

    it.each(['Token abc', 'Bearer', 'Bearer a b', 'Basic dXNlcjpwYXNz'])(
      'a malformed Authorization header (%s) is refused',
      async (authorization) => {
        const res = await getSelf({ authorization });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized' });
      },
    );
  });

  describe('refresh', () => {
    it('rotates the cookie; a replayed cookie ends the whole login', async () => {
      const first = refreshCookie(await login(alice.email, PASSWORD))!.value;

      const rotated = await refresh(first);
      expect(rotated.statusCode).toBe(200);
      const { token } = rotated.json<{ token: string }>();
      expect((await getSelf(bearer(token))).statusCode).toBe(200);
      const second = refreshCookie(rotated)!;
      expect(second).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/authenticate',
      });
      expect(second.value).not.toBe(first);

      const replay = await refresh(first);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('unauthorized');
      expect(refreshCookie(replay)?.value).toBe('');

      const newest = await refresh(second.value);
      expect(newest.statusCode).toBe(401);
    });

    it('a replay does not end the user’s other logins', async () => {
      const a = refreshCookie(await login(alice.email, PASSWORD))!.value;
      const b = refreshCookie(await login(alice.email, PASSWORD))!.value;
      expect((await refresh(a)).statusCode).toBe(200);
      expect((await refresh(a)).statusCode).toBe(401);
      expect((await refresh(b)).statusCode).toBe(200);
    });

    it('logout revokes the login', async () => {
      const cookie = refreshCookie(await login(alice.email, PASSWORD))!.value;
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate/logout',
        cookies: { [REFRESH]: cookie },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: 'ok' });
      expect(refreshCookie(out)?.value).toBe('');
      expect((await refresh(cookie)).statusCode).toBe(401);
    });

    it('without a cookie, or with an unknown one, there is nothing to refresh', async () => {
      expect((await refresh()).statusCode).toBe(401);
      expect((await refresh('not-a-refresh-token')).statusCode).toBe(401);
    });

    it('an expired refresh token is refused', async () => {
      const cookie = refreshCookie(await login(alice.email, PASSWORD))!.value;
      await t.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('uid', '=', alice.id)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      expect((await refresh(cookie)).statusCode).toBe(401);
    });
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    user = await makeUser(t.db, { password: PASSWORD });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the cookie is Secure over HTTPS and the client address is the forwarded one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '10.1.200.1',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    const row = await t.db
      .selectFrom('refresh_tokens')
      .select('ip')
      .where('uid', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('203.0.113.7');
  });
});
