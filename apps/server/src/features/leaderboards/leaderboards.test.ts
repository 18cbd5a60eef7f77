import { krippendorffAlphaNominal } from '@dynaloop/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

describe('user leaderboard and round agreement', () => {
  let t: TestApp;
  let task: Awaited<ReturnType<typeof makeTask>>;
  let ownerToken: string;
  const users: Array<{ id: number; username: string }> = [];
  const labelsByExample: string[][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await makeUser(t.db);
    ownerToken = await t.deps.tokens.signUser(owner);
    task = await makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML },
      { ownerIds: [owner.id], rounds: 2 },
    );
    for (let i = 0; i < 3; i++) users.push(await makeUser(t.db));
    const [r1, r2] = task.rounds;
    // Round stats as examples would have left them: u0 fooled 3 of 4 (1 judged not correct), u1 1 of 5, u2 0 of 2.
    const info = [
      {
        uid: users[0]!.id,
        r_realid: r1!.id,
        examples_submitted: 4,
        total_fooled: 3,
        total_verified_not_correct_fooled: 1,
      },
      {
        uid: users[1]!.id,
        r_realid: r1!.id,
        examples_submitted: 3,
        total_fooled: 1,
        total_verified_not_correct_fooled: 0,
      },
      {
        uid: users[1]!.id,
        r_realid: r2!.id,
        examples_submitted: 2,
        total_fooled: 0,
        total_verified_not_correct_fooled: 0,
      },
      {
        uid: users[2]!.id,
        r_realid: r2!.id,
        examples_submitted: 2,
        total_fooled: 0,
        total_verified_not_correct_fooled: 0,
      },
    ];
    await t.db.insertInto('round_user_example_info').values(info).execute();
    // Round 1: 10 collected, 4 verified fooled; validations of three examples by three validators.
    await t.db
      .updateTable('rounds')
      .set({ total_collected: 10, total_fooled: 4, total_verified_fooled: 4 })
      .where('id', '=', r1!.id)
      .execute();
    const ctx = await t.db
      .insertInto('contexts')
      .values({ r_realid: r1!.id, context_json: '{"context":"c"}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const validators = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const plan = [
      ['correct', 'correct', 'correct'],
      ['correct', 'incorrect', 'correct'],
      ['incorrect', 'incorrect', 'flagged'],
    ];
    for (const labels of plan) {
      const e = await t.db
        .insertInto('examples')
        .values({
          cid: ctx.id,
          r_realid: r1!.id,
          tid: task.task.id,
          uid: users[0]!.id,
          input_json: '{}',
          model_wrong: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
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

  it('ranks contributors by verified fooling examples over the task, with MER and total', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.task.id}/users?limit=7&offset=0`,
    });
    expect(res.json()).toEqual({
      count: 3,
      data: [
        {
          uid: users[0]!.id,
          username: users[0]!.username,
          avatar_url: '',
          count: 2,
          MER: '50.00',
          total: '2/4',
        },
        {
          uid: users[1]!.id,
          username: users[1]!.username,
          avatar_url: '',
          count: 1,
          MER: '20.00',
          total: '1/5',
        },
        {
          uid: users[2]!.id,
          username: users[2]!.username,
          avatar_url: '',
          count: 0,
          MER: '0.00',
          total: '0/2',
        },
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
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.task.id}/rounds/1/agreement`,
      headers: { authorization: `Bearer ${ownerToken}` },
    });
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
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/tasks/${task.task.id}/rounds/1/agreement`,
          headers: { authorization: `Bearer ${stranger}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});
