import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

describe('GET /api/contexts/{task}/{round}/{method}', () => {
  let t: TestApp;
  let task: Awaited<ReturnType<typeof makeTask>>;
  const cids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    task = await makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML, num_matching_validations: 2 },
      { rounds: 1 },
    );
    const round = task.rounds[0]!.id;
    const author = await makeUser(t.db);
    const ctx = async (name: string, tag: string, used: number) => {
      const row = await t.db
        .insertInto('contexts')
        .values({
          r_realid: round,
          context_json: JSON.stringify({ context: name }),
          tag,
          total_used: used,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      cids[name] = row.id;
    };
    await ctx('busy', 'a', 5);
    await ctx('fresh', 'a', 0);
    await ctx('tagged-b', 'b', 1);
    await ctx('failed', 'c', 3);
    const example = (cid: number, fields: Record<string, unknown>) =>
      t.db
        .insertInto('examples')
        .values({
          cid,
          r_realid: round,
          tid: task.task.id,
          uid: author.id,
          input_json: '{}',
          model_wrong: true,
          ...fields,
        })
        .execute();
    // "busy" fooled the model three times; "fresh" never.
    for (let i = 0; i < 3; i++) await example(cids.busy!, {});
    // "failed": its only fooling example was judged incorrect by two validators.
    await example(cids.failed!, { verified_incorrect: 2, total_verified: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  const pick = (method: string, tags?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/contexts/${task.task.task_code}/1/${method}${tags ? `?tags=${encodeURIComponent(tags)}` : ''}`,
    });

  it('min: the least used context', async () => {
    const res = await pick('min');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: cids.fresh,
      context: { context: 'fresh' },
      tag: 'a',
      metadata: {},
    });
  });

  it('filters by tags (a|b)', async () => {
    expect((await pick('min', 'b')).json().id).toBe(cids['tagged-b']);
    expect((await pick('min', 'a|b')).json().id).toBe(cids.fresh);
  });

  it('least_fooled: never before most fooled', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) seen.add((await pick('least_fooled', 'a')).json().id);
    expect(seen).toEqual(new Set([cids.fresh]));
  });

  it('validation_failed: only contexts whose fooling example failed validation', async () => {
    for (let i = 0; i < 5; i++)
      expect((await pick('validation_failed')).json().id).toBe(cids.failed);
  });

  it('uniform: any context of the round', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) seen.add((await pick('uniform')).json().id);
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('404 when no context matches, or for an unknown method or round', async () => {
    const none = await pick('min', 'zzz');
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatch(/no contexts available/);
    expect((await pick('random')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contexts/${task.task.task_code}/9/min` }))
        .statusCode,
    ).toBe(404);
  });
});
