import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContext, makeExample, makeOwnedTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('GET /api/examples/{task}/{round}/filtered/{minFlags}/{maxFlags}/{minDisagree}/{maxDisagree}', () => {
  let t: TestApp;
  let code: string;
  let ownerToken: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const { owner, task, rounds } = await makeOwnedTask(t.db, { rounds: 1 });
    ownerToken = await t.deps.tokens.signUser(owner);
    code = task.task_code;
    const author = await makeUser(t.db);
    const ctx = await makeContext(t.db, rounds[0]!.id, { context: 'c' });
    const make = async (
      name: string,
      counts: {
        verified_flagged?: number;
        verified_correct?: number;
        verified_incorrect?: number;
        owner_validated?: boolean;
        retracted?: boolean;
      },
    ) => {
      const row = await makeExample(t.db, rounds[0]!, ctx.id, {
        uid: author.id,
        input_json: JSON.stringify({ name }),
        model_wrong: true,
        ...counts,
      });
      ids[name] = row.id;
    };
    await make('fresh', {});
    await make('flagged', { verified_flagged: 2 });
    await make('disputed', { verified_correct: 2, verified_incorrect: 1 });
    await make('owner-done', { verified_flagged: 2, owner_validated: true });
    await make('retracted', { verified_correct: 1, verified_incorrect: 1, retracted: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const pick = (path: string, token = ownerToken) =>
    t.app.inject({
      method: 'GET',
      url: `/api/examples/${code}/1/filtered/${path}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('filters by flag count and by the minority label count, never serving owner-decided or retracted examples', async () => {
    for (let i = 0; i < 5; i++) expect((await pick('1/5/0/5')).json().id).toBe(ids.flagged);
    for (let i = 0; i < 5; i++) expect((await pick('0/0/1/1')).json().id).toBe(ids.disputed);
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) seen.add((await pick('0/0/0/0')).json().id);
    expect(seen).toEqual(new Set([ids.fresh]));
  });

  it('answers 404 when nothing matches, and 403 to non-owners', async () => {
    expect((await pick('9/9/0/0')).statusCode).toBe(404);
    const stranger = await t.deps.tokens.signUser(await makeUser(t.db));
    expect((await pick('0/5/0/5', stranger)).statusCode).toBe(403);
  });
});
