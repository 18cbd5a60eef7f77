import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../app.js';
import { sha256 } from '../../platform/tokens.js';
import { makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface ApiTokenList {
  count: number;
  data: Array<{ id: number; name: string; prefix: string; created_at: string }>;
}

describe('API tokens', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let aliceSession: string;
  let bobSession: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    aliceSession = await t.deps.tokens.signUser(alice);
    bobSession = await t.deps.tokens.signUser(bob);
  });
  afterAll(async () => {
    await t.close();
  });

  const generate = async (session: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/generate_api_token',
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: number; api_token: string; created_at: string }>();
  };
  const list = (session: string) =>
    t.app.inject({ method: 'GET', url: '/api/authenticate/api_tokens', headers: bearer(session) });
  const me = (token: string, id = alice.id) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(token) });

  it('needs a login to create one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/authenticate/generate_api_token' });
    expect(res.statusCode).toBe(401);
  });

  it('is shown once, authenticates as its user, and is listed only by its prefix', async () => {
    const created = await generate(aliceSession);
    expect(created.api_token).toMatch(/^dlk_[A-Za-z0-9_-]{40,}$/);

    const res = await me(created.api_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alice.id, email: alice.email });
    const row = await t.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(created.api_token));
    expect(row.last_used_at).not.toBeNull();

    const listed = await list(aliceSession);
    expect(listed.statusCode).toBe(200);
    const body = listed.json<ApiTokenList>();
    const item = body.data.find((d) => d.id === created.id);
    expect(item).toBeDefined();
    expect(item!.prefix).toBe(created.api_token.slice(0, 10));
    expect(created.api_token.startsWith(item!.prefix)).toBe(true);
    expect(listed.body).not.toContain(created.api_token);
    expect(listed.body).not.toContain(created.api_token.slice(10));
    expect(listed.body).not.toContain(row.token_hash);
  });

  it('another user does not see one’s tokens', async () => {
    const created = await generate(aliceSession);
    const body = (await list(bobSession)).json<ApiTokenList>();
    expect(body.data.map((d) => d.id)).not.toContain(created.id);
  });

  it('a revoked token is refused and no longer listed', async () => {
    const created = await generate(aliceSession);
    expect((await me(created.api_token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/authenticate/api_tokens/${created.id}`,
      headers: bearer(aliceSession),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'ok' });
    const after = await me(created.api_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthorized');
    const ids = (await list(aliceSession)).json<ApiTokenList>().data.map((d) => d.id);
    expect(ids).not.toContain(created.id);
  });

  it('one cannot revoke another user’s token', async () => {
    const bobs = await generate(bobSession);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/authenticate/api_tokens/${bobs.id}`,
      headers: bearer(aliceSession),
    });
    expect(res.statusCode).toBe(404);
    expect((await me(bobs.api_token, bob.id)).statusCode).toBe(200);
  });

  it('an unknown token with the API prefix is refused', async () => {
    const res = await me('dlk_thisTokenWasNeverIssuedToAnyoneAtAll0123456');
    expect(res.statusCode).toBe(401);
  });
});

describe('trial tokens', () => {
  let t: TestApp;
  let app: AppInstance;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let trial: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db);
    // A second instance with a model-calling route, the only kind a guest token may use.
    app = await buildApp(t.deps);
    app.serve(
      {
        method: 'GET',
        path: '/test/model-call',
        auth: 'user-or-trial',
        summary: 't',
        tags: ['t'],
        response: z.object({ ok: z.boolean() }),
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    const res = await t.app.inject({ method: 'GET', url: '/api/authenticate/get_trial_token' });
    trial = res.json<{ token: string }>().token;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('are given without a login', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/get_trial_token',
      remoteAddress: '10.2.0.1',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.split('.')).toHaveLength(3);
    expect(await t.deps.tokens.verify(token)).toEqual({ scope: 'trial', username: 'temp_user' });
  });

  it.each([
    ['GET /api/users/:id', () => `/api/users/${alice.id}`],
    ['GET /api/notifications', () => '/api/notifications'],
  ])('are refused with 403 by %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: bearer(trial) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('are accepted by a route that calls models', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/model-call',
      headers: bearer(trial),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('that route also takes a user, but not a visitor', async () => {
    const user = await app.inject({
      method: 'GET',
      url: '/api/test/model-call',
      headers: bearer(await t.deps.tokens.signUser(alice)),
    });
    expect(user.statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: '/api/test/model-call' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('on a public route a guest is just a visitor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${alice.id}/models`,
      headers: bearer(trial),
    });
    expect(res.statusCode).toBe(200);
  });
});
