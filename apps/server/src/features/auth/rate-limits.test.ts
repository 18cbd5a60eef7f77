import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../platform/tokens.js';
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
  /** Makes the clock pass for an account's guesses from one address (its last failure is older). */
  const age = (email: string, ip: string, seconds: number) =>
    t.db
      .updateTable('rate_limit_counters')
      .set({ last_hit_at: new Date(Date.now() - seconds * 1000) })
      .where('key', '=', `login-account-ip:${email.toLowerCase()}|${ip}`)
      .execute();
  /** `n` wrong passwords from one address, each after the delay of the one before has passed. */
  const fail = async (email: string, ip: string, n: number) => {
    const answers = [];
    for (let i = 0; i < n; i++) {
      answers.push(await login(email, `wrong-password-${i}`, ip));
      await age(email, ip, 120);
    }
    return answers;
  };

  it('refuses an address after 10 failed logins for an account; the owner elsewhere gets in', async () => {
    const victim = await makeUser(t.db, { password: PASSWORD });
    const other = await makeUser(t.db, { password: PASSWORD });
    const failures = await fail(victim.email, '10.3.0.1', 10);
    expect(statuses(failures)).toEqual(Array(10).fill(401));

    // The attacker's address is refused, even with the right password (whatever its case).
    const locked = await login(victim.email.toUpperCase(), PASSWORD, '10.3.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rate_limited');
    expect(locked.json().error).toContain('Too many failed login attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    // The owner, from another address, gets in: the attacker cannot lock them out.
    expect((await login(victim.email, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    // Another account, even from the attacker's address, is unaffected.
    expect((await login(other.email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    // And the attacker is still refused.
    expect((await login(victim.email, PASSWORD, '10.3.0.1')).statusCode).toBe(429);
  });

  it('slows guesses down after 3 failures: each must wait twice as long as the last', async () => {
    const victim = await makeUser(t.db, { password: PASSWORD });
    const ip = '10.3.0.11';
    for (let i = 0; i < 3; i++)
      expect((await login(victim.email, `wrong-${i}`, ip)).statusCode).toBe(401);
    const slowed = await login(victim.email, 'wrong-3', ip);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatch(/please wait 1 seconds/);
    expect(slowed.headers['retry-after']).toBe('1');
    // Once the delay has passed, one more guess; then the next delay is 2 seconds.
    await age(victim.email, ip, 1.5);
    expect((await login(victim.email, 'wrong-4', ip)).statusCode).toBe(401);
    const slower = await login(victim.email, 'wrong-5', ip);
    expect(slower.statusCode).toBe(429);
    expect(slower.headers['retry-after']).toBe('2');
    // The owner, elsewhere, is never slowed down.
    expect((await login(victim.email, PASSWORD, '10.3.0.12')).statusCode).toBe(200);
    // The right password, once the delay has passed, gets in and clears the count.
    await age(victim.email, ip, 3);
    expect((await login(victim.email, PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(victim.email, 'wrong-6', ip)).statusCode).toBe(401);
    expect((await login(victim.email, 'wrong-7', ip)).statusCode).toBe(401);
  });

  it('a password reset lets the owner in again from an address that was refused', async () => {
    const victim = await makeUser(t.db, { password: PASSWORD });
    const ip = '10.3.0.21';
    expect(statuses(await fail(victim.email, ip, 10))).toEqual(Array(10).fill(401));
    expect((await login(victim.email, PASSWORD, ip)).statusCode).toBe(429);
    const resetToken = randomToken();
    await t.db
      .insertInto('password_reset_tokens')
      .values({
        uid: victim.id,
        token_hash: sha256(resetToken),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/recover/resolve/${resetToken}`,
      payload: { email: victim.email, password: 'a-brand-new-password' },
      remoteAddress: ip,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(victim.email, 'a-brand-new-password', ip)).statusCode).toBe(200);
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
