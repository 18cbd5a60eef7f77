import { krippendorffAlphaNominal } from '@dynaloop/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContext, makeExample, makeOwnedTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('user leaderboard and round agreement', () => {
  let t: TestApp;
  let task: Awaited<ReturnType<typeof makeOwnedTask>>;
  let ownerToken: string;
  const users: Array<{ id: number; username: string }> = [];
  const labelsByExample: string[][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    task = await makeOwnedTask(t.db);
    ownerToken = await t.deps.tokens.signUser(task.owner);
    for (let i = 0; i < 3; i++) users.push(await makeUser(t.db));
    const [r1, r2] = task.rounds;
    /** A contributor's counters in a round: submitted, fooled, fooling but judged not correct. */
    const stats = (
      user: { id: number },
      round: { id: number },
      examples_submitted: number,
      total_fooled: number,
      total_verified_not_correct_fooled = 0,
    ) => ({
      uid: user.id,
      r_realid: round.id,
      examples_submitted,
      total_fooled,
      total_verified_not_correct_fooled,
    });
    // Round stats as examples would have left them: u0 fooled 3 of 4 (1 judged not correct), u1 1 of 5, u2 0 of 2.
    const info = [
      stats(users[0]!, r1!, 4, 3, 1),
      stats(users[1]!, r1!, 3, 1),
      stats(users[1]!, r2!, 2, 0),
      stats(users[2]!, r2!, 2, 0),
    ];
    await t.db.insertInto('round_user_example_info').values(info).execute();
    // Round 1: 10 collected, 4 verified fooled; validations of three examples by three validators.
    await t.db
      .updateTable('rounds')
      .set({ total_collected: 10, total_fooled: 4, total_verified_fooled: 4 })
      .where('id', '=', r1!.id)
      .execute();
    const ctx = await makeContext(t.db, r1!.id, { context: 'c' });
    const validators = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const plan = [
      ['correct', 'correct', 'correct'],
      ['correct', 'incorrect', 'correct'],
      ['incorrect', 'incorrect', 'flagged'],
    ];
    for (const labels of plan) {
      const e = await makeExample(t.db, r1!, ctx.id, { uid: users[0]!.id, model_wrong: true });
      await t.db
        .insertInto('validations')
        .values(
          labels.map((label, i) => ({
            eid: e.id,
            uid: validators[i]!.id,
            label: label as 'correct',
            mode: 'user' as const,
          })),
        )
        .execute();
      labelsByExample.push(labels);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** A contributor's row of the user leaderboard (the test users have no avatar). */
  const leaderboardRow = (
    user: { id: number; username: string },
    count: number,
    MER: string,
    total: string,
  ) => ({ uid: user.id, username: user.username, avatar_url: '', count, MER, total });

  it('ranks contributors by verified fooling examples over the task, with MER and total', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.task.id}/users?limit=7&offset=0`,
    });
    expect(res.json()).toEqual({
      count: 3,
      data: [
        leaderboardRow(users[0]!, 2, '50.00', '2/4'),
        leaderboardRow(users[1]!, 1, '20.00', '1/5'),
        leaderboardRow(users[2]!, 0, '0.00', '0/2'),
      ],
    });
  });

  it('pages with offset as a page index, and per round', async () => {
    const page2 = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.task.id}/users?limit=2&offset=1`,
    });
    expect(page2.json().data.map((r: { uid: number }) => r.uid)).toEqual([users[2]!.id]);
    const round2 = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.task.id}/rounds/2/users`,
    });
    expect(round2.json().data.map((r: { total: string }) => r.total)).toEqual(['0/2', '0/2']);
  });

  it('gives owners the round’s agreement and verified MER with intervals', async () => {
    const agreementAs = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/tasks/${task.task.id}/rounds/1/agreement`,
        headers: { authorization: `Bearer ${token}` },
      });
    const res = await agreementAs(ownerToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      rid: 1,
      collected: 10,
      verified_fooled: 4,
      verified_mer: 40,
      examples_validated: 3,
      validations: 9,
    });
    expect(body.alpha).toBeCloseTo(krippendorffAlphaNominal(labelsByExample)!, 4);
    expect(body.verified_mer_ci[0]).toBeLessThan(40);
    expect(body.verified_mer_ci[1]).toBeGreaterThan(40);
    expect(body.alpha_ci[0]).toBeLessThanOrEqual(body.alpha);
    const stranger = await t.deps.tokens.signUser(await makeUser(t.db));
    expect((await agreementAs(stranger)).statusCode).toBe(403);
  });
});
