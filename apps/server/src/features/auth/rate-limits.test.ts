import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, unique } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const PASSWORD = 'correct-horse-battery';

describe('rate limits of the account flows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email, password },
      remoteAddress: ip,
    });
  const register = (ip: string, headers: Record<string, string> = {}) => {
    const username = unique('rl');
    return t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: `${username}@example.test`, password: PASSWORD, username },
      remoteAddress: ip,
      headers,
    });
  };
  const initiate = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/recover/initiate',
      payload: { email },
      remoteAddress: ip,
    });
  const statuses = (all: Array<{ statusCode: number }>) => all.map((r) => r.statusCode);

  it('locks an account after 10 failed logins, even for the right password', async () => {
    const victim = await makeUser(t.db, { password: PASSWORD });
    const other = await makeUser(t.db, { password: PASSWORD });
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(victim.email, `wrong-password-${i}`, '10.3.0.1')),
    );
    expect(statuses(failures)).toEqual(Array(10).fill(401));

    const locked = await login(victim.email, PASSWORD, '10.3.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rate_limited');
    expect(locked.json().error).toContain('Too many failed login attempts');
    // From elsewhere too: the limit belongs to the account, whatever the case of its email.
    const elsewhere = await login(victim.email.toUpperCase(), PASSWORD, '10.3.0.2');
    expect(elsewhere.statusCode).toBe(429);

    // Another account, even from the same network, is unaffected.
    expect((await login(other.email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });

  it('successful logins do not count toward the account lock', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 11 }, () => login(user.email, PASSWORD, '10.3.1.1')),
    );
    expect(statuses(results)).toEqual(Array(11).fill(200));
  });

  it('limits login attempts from one network to 50', async () => {
    const user = await makeUser(t.db, { password: PASSWORD });
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        login(`${unique('nobody')}@example.test`, PASSWORD, '10.3.2.1'),
      ),
    );
    expect(statuses(attempts)).toEqual(Array(50).fill(401));

    const blocked = await login(user.email, PASSWORD, '10.3.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toContain('Too many login attempts from your network');

    // Another network logs in to the same account.
    expect((await login(user.email, PASSWORD, '10.3.2.2')).statusCode).toBe(200);
  });

  it('limits registrations from one network to 10', async () => {
    const created = await Promise.all(Array.from({ length: 10 }, () => register('10.3.3.1')));
    expect(statuses(created)).toEqual(Array(10).fill(200));
    // A forged X-Forwarded-For does not dodge the limit (TRUST_PROXY is off).
    const blocked = await register('10.3.3.1', { 'x-forwarded-for': '198.51.100.9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringContaining('Too many accounts created from your network'),
    });
    expect(blocked.json().error).toMatch(/Please try again in \d+ (seconds|minutes)\.$/);
    expect((await register('10.3.3.2')).statusCode).toBe(200);
  });

  it('limits password reset requests for one account to 5', async () => {
    const email = `${unique('forgetful')}@example.test`;
    const first = await Promise.all(
      Array.from({ length: 5 }, (_, i) => initiate(email, `10.3.4.${i + 1}`)),
    );
    expect(statuses(first)).toEqual(Array(5).fill(200));

    const blocked = await initiate(email.toUpperCase(), '10.3.4.10');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toContain('Too many password reset requests for this account');

    // Another account, from a network that just asked, is unaffected.
    expect((await initiate(`${unique('other')}@example.test`, '10.3.4.1')).statusCode).toBe(200);
  });

  it('limits password reset requests from one network to 20', async () => {
    const first = await Promise.all(
      Array.from({ length: 20 }, () => initiate(`${unique('n')}@example.test`, '10.3.5.1')),
    );
    expect(statuses(first)).toEqual(Array(20).fill(200));
    const blocked = await initiate(`${unique('n')}@example.test`, '10.3.5.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toContain('Too many password reset requests from your network');
  });

  it('limits guest tokens from one network to 60 an hour', async () => {
    const trial = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/authenticate/get_trial_token', remoteAddress: ip });
    const first = await Promise.all(Array.from({ length: 60 }, () => trial('10.3.7.1')));
    expect(statuses(first)).toEqual(Array(60).fill(200));
    const blocked = await trial('10.3.7.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toContain('Too many guest sessions from your network');
    expect((await trial('10.3.7.2')).statusCode).toBe(200);
  });
});
