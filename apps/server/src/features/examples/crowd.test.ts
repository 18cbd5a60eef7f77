import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { makeUser } from '../../../test/factories.js';
import {
  crowdHeader,
  currentRound,
  demoAdmin,
  demoTask,
  drawContext,
  exampleRow,
} from '../../../test/collection.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('crowd-worker mode', () => {
  let t: TestApp;
  let crowd: string;
  let nli: Awaited<ReturnType<typeof demoTask>>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.db, t.storage, t.config.dataFolder);
    nli = await demoTask(t.db, 'nli');
  });
  // A credential of its own for each test: one of them revokes it.
  beforeEach(async () => {
    crowd = (await crowdHeader(t, nli.id)).authorization.replace(/^Crowd /, '');
  });
  afterAll(async () => {
    await t.close();
  });

  const asCrowd = { authorization: () => `Crowd ${crowd}` };
  const submit = async (annotator: string | undefined, hypothesis: string) => {
    const ctx = await drawContext(t, nli);
    return t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: { authorization: asCrowd.authorization() },
      payload: {
        tid: nli.id,
        rid: nli.cur_round,
        cid: ctx.id,
        input: { hypothesis, label: 'neutral' },
        model_wrong: true,
        ...(annotator ? { annotator_id: annotator } : {}),
      },
    });
  };

  it('only owners issue the credential; it is shown once and stored hashed', async () => {
    expect(crowd).toMatch(/^dlc_/);
    const task = await t.db
      .selectFrom('tasks')
      .select('crowd_token_hash')
      .where('id', '=', nli.id)
      .executeTakeFirstOrThrow();
    expect(task.crowd_token_hash).not.toContain(crowd);
    const stranger = await t.deps.tokens.signUser(await makeUser(t.db));
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/tasks/${nli.id}/crowd_credential`,
          headers: { authorization: `Bearer ${stranger}` },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a worker submits with an annotator id; no user, no counters, no badges', async () => {
    const before = await currentRound(t.db, nli);
    const res = await submit('worker-17', 'The passage mentions a river.');
    expect(res.statusCode).toBe(200);
    expect(res.json().badges).toBeNull();
    const example = await exampleRow(t.db, res.json().id);
    expect([example.uid, example.annotator_id]).toEqual([null, 'worker-17']);
    const after = await currentRound(t.db, nli);
    expect(after.id).toBe(before.id);
    expect(after.total_collected).toBe(before.total_collected + 1);
    expect(await t.db.selectFrom('round_user_example_info').selectAll().execute()).toEqual([]);
  });

  it('needs an annotator id, and works on its own task only', async () => {
    expect((await submit(undefined, 'x')).statusCode).toBe(400);
    const qa = await t.db
      .selectFrom('tasks')
      .select('id')
      .where('task_code', '=', 'qa')
      .executeTakeFirstOrThrow();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: { authorization: asCrowd.authorization() },
      payload: { tid: qa.id, rid: 1, cid: 1, input: {}, annotator_id: 'w' },
    });
    expect(other.statusCode).toBe(403);
    // The credential opens nothing else.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/notifications',
          headers: { authorization: asCrowd.authorization() },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a worker cannot validate their own example or the same example twice', async () => {
    const created = (await submit('worker-a', 'A hypothesis by worker a.')).json();
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/validations/${created.id}`,
      headers: { authorization: asCrowd.authorization() },
      payload: { label: 'correct', annotator_id: 'worker-a' },
    });
    expect(own.statusCode).toBe(403);
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/validations/${created.id}`,
      headers: { authorization: asCrowd.authorization() },
      payload: { label: 'correct', annotator_id: 'worker-b' },
    });
    expect(first.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'PUT',
      url: `/api/validations/${created.id}`,
      headers: { authorization: asCrowd.authorization() },
      payload: { label: 'incorrect', annotator_id: 'worker-b' },
    });
    expect(twice.statusCode).toBe(403);
    const ownerMode = await t.app.inject({
      method: 'PUT',
      url: `/api/validations/${created.id}`,
      headers: { authorization: asCrowd.authorization() },
      payload: { label: 'correct', mode: 'owner', annotator_id: 'worker-c' },
    });
    expect(ownerMode.statusCode).toBe(403);
    // The picker never serves worker-b this example again, nor worker-a their own.
    for (const w of ['worker-a', 'worker-b']) {
      const picked = await t.app.inject({
        method: 'GET',
        url: `/api/examples/nli/${nli.cur_round}?annotator_id=${w}`,
        headers: { authorization: asCrowd.authorization() },
      });
      if (picked.statusCode === 200) expect(picked.json().id).not.toBe(created.id);
    }
  });

  it('a crowd example verified by three validators counts in the round as verified fooled', async () => {
    const created = (await submit('worker-v', 'A hypothesis to verify.')).json();
    // As if written against a model in the loop and fooling it.
    await t.db
      .updateTable('examples')
      .set({ model_wrong: true })
      .where('id', '=', created.id)
      .execute();
    const before = (await currentRound(t.db, nli)).total_verified_fooled;
    for (const w of ['v1', 'v2', 'v3']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/validations/${created.id}`,
        headers: { authorization: asCrowd.authorization() },
        payload: { label: 'correct', annotator_id: w },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await currentRound(t.db, nli)).total_verified_fooled).toBe(before + 1);
  });

  it('a revoked credential stops working', async () => {
    const admin = await demoAdmin(t.db);
    const token = await t.deps.tokens.signUser(admin);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${nli.id}/crowd_credential`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await submit('worker-17', 'Another one.')).statusCode).toBe(401);
  });
});
