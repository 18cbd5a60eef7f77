import { signModelAnswer } from '@dynaloop/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { type UserRow } from '../../db/schema.js';
import { makeUser } from '../../../test/factories.js';
import { demoTask, drawContext } from '../../../test/collection.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

/**
 * A task owner puts a model hosted elsewhere in the loop: the platform stores its endpoint and
 * issues the secret it signs answers with; examples carrying its answers are stored only when
 * the signature holds (docs/model-protocol.md).
 */
describe('remote model endpoints', () => {
  let t: TestApp;
  let owner: UserRow;
  let ownerToken: string;
  let strangerToken: string;
  let writerToken: string;
  let sentiment: Awaited<ReturnType<typeof demoTask>>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.db, t.storage, t.config.dataFolder);
    sentiment = await demoTask(t.db, 'sentiment');
    owner = await makeUser(t.db);
    await t.db
      .insertInto('task_user_permissions')
      .values({ uid: owner.id, tid: sentiment.id })
      .execute();
    ownerToken = await t.deps.tokens.signUser(owner);
    strangerToken = await t.deps.tokens.signUser(await makeUser(t.db));
    writerToken = await t.deps.tokens.signUser(await makeUser(t.db));
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  const register = (payload: Record<string, unknown>, token = ownerToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/tasks/${sentiment.id}/remote_models`,
      headers: auth(token),
      payload,
    });

  /** What the create page does with a remote model's answer: store it as an example. */
  async function submitAnswer(endpointName: string, secret: string, label: string) {
    const ctx = await drawContext(t, sentiment);
    const statement = `The remote model reads this ${String(Math.random())}`;
    const output = { label: 'positive', prob: { positive: 0.9, negative: 0.05, neutral: 0.05 } };
    const signature = signModelAnswer(secret, 'sentiment', { ...ctx.context, statement }, output);
    return t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: auth(writerToken),
      payload: {
        tid: sentiment.id,
        rid: sentiment.cur_round,
        cid: ctx.id,
        input: { statement, label },
        output,
        model_signature: signature,
        model_endpoint_name: endpointName,
        metadata: {},
      },
    });
  }

  it('registers an endpoint for the owner and shows its secret once', async () => {
    const res = await register({
      name: 'Remote sentiment',
      endpoint_url: 'https://models.example.org/sentiment/predict',
      desc: 'A model hosted by its authors',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ model: Record<string, unknown>; secret: string }>();
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body.model).toMatchObject({
      name: 'Remote sentiment',
      kind: 'remote',
      desc: 'A model hosted by its authors',
      uid: owner.id,
      is_published: true,
      deployment_status: 'deployed',
      light_model: 'https://models.example.org/sentiment/predict',
      rounds_in_the_loop: [],
    });
    // The secret is not part of any later answer.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/get_model_identifiers/${sentiment.id}`,
      headers: auth(ownerToken),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(body.secret);
    expect(listed.json<Array<{ id: number }>>().map((m) => m.id)).toContain(body.model.id);
  });

  it('refuses endpoints that are not absolute http(s) URLs, storing nothing', async () => {
    const before = await t.db
      .selectFrom('models')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const endpoint_url of [
      'javascript:alert(1)',
      'ftp://models.example.org/predict',
      '/api/models/1/predict',
      'https://user:pass@models.example.org/predict',
      'https://models.example.org/predict#x',
      'not a url',
    ]) {
      const res = await register({ name: 'Bad', endpoint_url });
      expect(res.statusCode, endpoint_url).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/endpoint_url/);
    }
    const empty = await register({ name: ' ', endpoint_url: 'https://models.example.org/a' });
    expect(empty.statusCode).toBe(400);
    const after = await t.db
      .selectFrom('models')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is for the task’s owners and admins only', async () => {
    const stranger = await register(
      { name: 'Mine', endpoint_url: 'https://models.example.org/mine' },
      strangerToken,
    );
    expect(stranger.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${sentiment.id}/remote_models`,
      payload: { name: 'Mine', endpoint_url: 'https://models.example.org/mine' },
    });
    expect(visitor.statusCode).toBe(401);
    const admin = await register(
      { name: 'Admin’s', endpoint_url: 'https://models.example.org/admin' },
      await t.deps.tokens.signUser(await makeUser(t.db, { admin: true })),
    );
    expect(admin.statusCode).toBe(200);
  });

  it('goes in the loop; examples with its answers are stored only when signed with its secret', async () => {
    const created = (
      await register({ name: 'Looped remote', endpoint_url: 'http://127.0.0.1:9/predict' })
    ).json<{ model: { id: number }; secret: string }>();
    const loop = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/update_models_in_the_loop/${sentiment.id}/${sentiment.cur_round}`,
      headers: auth(ownerToken),
      payload: { model_ids: [created.model.id] },
    });
    expect(loop.statusCode).toBe(200);
    const publicLoop = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${sentiment.id}/models_in_the_loop`,
    });
    expect(publicLoop.json()).toEqual([
      {
        id: created.model.id,
        name: 'Looped remote',
        light_model: 'http://127.0.0.1:9/predict',
        endpoint_name: `remote-${String(created.model.id)}`,
      },
    ]);

    const endpointName = `remote-${String(created.model.id)}`;
    const good = await submitAnswer(endpointName, created.secret, 'negative');
    expect(good.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('examples')
      .select(['model_endpoint_name', 'model_wrong'])
      .where('id', '=', good.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    // The model said positive, the writer's label is negative: the model was fooled.
    expect(stored).toEqual({ model_endpoint_name: endpointName, model_wrong: true });

    const forged = await submitAnswer(endpointName, 'f'.repeat(64), 'negative');
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ error: string }>().error).toBe(
      'Could not create example: the model answer could not be verified',
    );

    // A new secret: answers signed with the old one are refused from now on.
    const rotated = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${sentiment.id}/remote_models/${String(created.model.id)}/secret`,
      headers: auth(ownerToken),
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).not.toBe(created.secret);
    expect((await submitAnswer(endpointName, created.secret, 'negative')).statusCode).toBe(400);
    expect((await submitAnswer(endpointName, secret, 'negative')).statusCode).toBe(200);
  });

  it('moves the endpoint and renames, but only a remote model of this task', async () => {
    const created = (
      await register({ name: 'Movable', endpoint_url: 'https://old.example.org/predict' })
    ).json<{ model: { id: number } }>();
    const url = `/api/tasks/${sentiment.id}/remote_models/${String(created.model.id)}`;
    const moved = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(ownerToken),
      payload: { endpoint_url: 'https://new.example.org/predict', name: 'Moved' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      name: 'Moved',
      light_model: 'https://new.example.org/predict',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(ownerToken),
      payload: { endpoint_url: 'data:text/plain,hi' },
    });
    expect(bad.statusCode).toBe(400);
    const unchanged = await t.db
      .selectFrom('models')
      .select('light_model')
      .where('id', '=', created.model.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.light_model).toBe('https://new.example.org/predict');

    const builtin = await t.db
      .selectFrom('models')
      .select('id')
      .where('tid', '=', sentiment.id)
      .where('kind', '=', 'builtin')
      .executeTakeFirstOrThrow();
    const notRemote = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${sentiment.id}/remote_models/${String(builtin.id)}/secret`,
      headers: auth(ownerToken),
    });
    expect(notRemote.statusCode).toBe(400);
    const otherTask = await demoTask(t.db, 'nli');
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${sentiment.id}/remote_models/999999`,
      headers: auth(ownerToken),
      payload: { name: 'x' },
    });
    expect(elsewhere.statusCode).toBe(404);
    const notOwnerThere = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${otherTask.id}/remote_models/${String(created.model.id)}`,
      headers: auth(ownerToken),
      payload: { name: 'x' },
    });
    expect(notOwnerThere.statusCode).toBe(403);
  });

  it('lets the page connect to remote model origins, and to no other', async () => {
    await register({ name: 'CSP', endpoint_url: 'https://csp.example.net:8443/v1/predict' });
    const mover = (
      await register({ name: 'CSP mover', endpoint_url: 'https://csp-old.example.org/predict' })
    ).json<{ model: { id: number } }>();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${sentiment.id}/remote_models/${String(mover.model.id)}`,
      headers: auth(ownerToken),
      payload: { endpoint_url: 'https://csp-new.example.org/predict' },
    });
    expect(moved.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = page.headers['content-security-policy'] as string;
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).toContain("'self'");
    expect(connect).toContain('https://csp.example.net:8443');
    expect(connect).toContain('https://csp-new.example.org');
    // The origin only: never a path, and not the endpoint a model moved away from.
    expect(connect).not.toContain('https://csp-old.example.org');
    expect(connect.every((s) => !s.includes('/v1'))).toBe(true);
  });
});
