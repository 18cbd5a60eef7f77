import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('rounds list and pending proposals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /tasks/get_all_rounds counts each round’s contexts', async () => {
    const owner = await makeUser(t.db);
    const { task, rounds } = await makeTask(t.db, {}, { rounds: 2, ownerIds: [owner.id] });
    await t.db
      .insertInto('contexts')
      .values(
        [1, 2, 3].map((i) => ({
          r_realid: rounds[1]!.id,
          context_json: JSON.stringify({ context: `c${i}` }),
        })),
      )
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/get_all_rounds/${task.id}`,
      headers: { authorization: `Bearer ${await t.deps.tokens.signUser(owner)}` },
    });
    expect(
      res.json().map((r: { rid: number; context_count: number }) => [r.rid, r.context_count]),
    ).toEqual([
      [1, 0],
      [2, 3],
    ]);
  });

  it('a second pending proposal of one author with the same code or name gets a clear 409', async () => {
    const [a, b] = [await makeUser(t.db), await makeUser(t.db)];
    const propose = async (user: typeof a, body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/task_proposals/create',
        headers: { authorization: `Bearer ${await t.deps.tokens.signUser(user)}` },
        payload: { desc: 'd', longdesc: 'l', ...body },
      });
    expect((await propose(a, { name: 'Irony', task_code: 'irony' })).statusCode).toBe(200);
    const sameCode = await propose(a, { name: 'Other', task_code: 'IRONY' });
    expect([sameCode.statusCode, sameCode.json().error]).toEqual([
      409,
      'One of your pending proposals already uses this task code',
    ]);
    const sameName = await propose(a, { name: 'irony', task_code: 'other-code' });
    expect([sameName.statusCode, sameName.json().error]).toEqual([
      409,
      'One of your pending proposals already uses this name',
    ]);
    // The reservation is the author's only: another user may propose the same code.
    expect((await propose(b, { name: 'Irony', task_code: 'IRONY' })).statusCode).toBe(200);
  });
});
