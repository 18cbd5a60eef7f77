import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type UserRow } from '../../db/schema.js';
import { makeTask, makeUser } from '../../../test/factories.js';
import {
  crowdHeader,
  currentRound,
  demoAdmin,
  demoSentimentApp,
  type DemoSentiment,
  drawContext,
  exampleRow,
  examplesOf,
  roundUserInfo,
  signedExample,
  userRow,
} from '../../../test/collection.js';
import { type TestApp } from '../../../test/support.js';

/**
 * POST /examples reads everything it checks in one query and writes in one statement (see
 * docs/decisions.md, "Example submission in three statements"): the counters, badges,
 * idempotency and freshness it promised when it took a dozen statements still hold.
 */
describe('example submission', () => {
  let t: TestApp;
  let sentiment: DemoSentiment['sentiment'];
  let model: DemoSentiment['model'];
  let admin: UserRow;

  beforeAll(async () => {
    ({ t, sentiment, model } = await demoSentimentApp());
    admin = await demoAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A context of the current round and the model's signed answer, as the create page gets them. */
  const submission = (token: string, statement: string, label = 'negative') =>
    signedExample(t, sentiment, model, token, { statement, label });

  const post = (headers: Record<string, string>, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  /** The statements sent to PostgreSQL while one submission is served. */
  async function statementsOf(send: () => Promise<{ statusCode: number }>) {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const res = await send();
      const texts = spy.mock.calls.map((c) =>
        String(typeof c[0] === 'string' ? c[0] : (c[0] as { text: string }).text).trim(),
      );
      return { res, texts };
    } finally {
      spy.mockRestore();
    }
  }

  it('awards the 1st and 10th example badges, then takes three statements and no transaction', async () => {
    const author = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(author);
    const roundBefore = await currentRound(t.db, sentiment);
    const unseenBefore = (await userRow(t.db, author.id)).unseen_notifications;
    const answers = [];
    const bodies = [];
    for (let i = 1; i <= 10; i++) {
      const body = await submission(token, `Oh great, Monday number ${i} of meetings.`);
      bodies.push(body);
      const res = await post(bearer(token), body, `badge-key-${i}`);
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(answers.map((a) => a.badges)).toEqual([
      'FIRST_CREATED',
      ...Array(8).fill(null),
      'FIRST_TEN_CREATED',
    ]);
    const badges = await t.db
      .selectFrom('badges')
      .select('name')
      .where('uid', '=', author.id)
      .orderBy('id')
      .execute();
    expect(badges.map((b) => b.name)).toEqual(
      expect.arrayContaining(['FIRST_CREATED', 'FIRST_TEN_CREATED']),
    );
    const notes = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('uid', '=', author.id)
      .where('type', '=', 'NEW_BADGE_EARNED')
      .execute();
    expect(notes.map((n) => n.message).sort()).toEqual(['FIRST_CREATED', 'FIRST_TEN_CREATED']);
    expect((await userRow(t.db, author.id)).unseen_notifications).toBe(unseenBefore + 2);
    // The stored answer of a key carries the badge the first answer carried.
    const replayed = await post(bearer(token), bodies[9]!, 'badge-key-10');
    expect(replayed.json()).toEqual(answers[9]);

    // The 11th: authentication, the lookup of task, round, context and model, the write.
    const body = await submission(token, 'Oh great, Monday number 11 of meetings.');
    const usedBefore = (
      await t.db
        .selectFrom('contexts')
        .select('total_used')
        .where('id', '=', body.cid)
        .executeTakeFirstOrThrow()
    ).total_used;
    const { res, texts } = await statementsOf(() => post(bearer(token), body, 'steady-key-11'));
    expect(res.statusCode).toBe(200);
    expect(texts).toHaveLength(3);
    expect(texts.filter((s) => /^(begin|commit)$/i.test(s))).toEqual([]);
    expect(texts[2]).toMatch(/^WITH claim AS/);
    const eleventh = (res as unknown as { json(): { id: number; badges: string | null } }).json();
    expect(eleventh.badges).toBeNull();

    // Every counter moved once per example.
    const after = await userRow(t.db, author.id);
    const fooled = [...answers, eleventh].filter(
      (a) => (a as { model_wrong: boolean | null }).model_wrong === true,
    ).length;
    expect([after.examples_submitted, after.total_fooled]).toEqual([11, fooled]);
    const roundAfter = await currentRound(t.db, sentiment);
    expect([
      roundAfter.total_collected - roundBefore.total_collected,
      roundAfter.total_fooled - roundBefore.total_fooled,
    ]).toEqual([11, fooled]);
    const rui = await roundUserInfo(t.db, author.id);
    expect([rui.examples_submitted, rui.total_fooled, rui.r_realid]).toEqual([
      11,
      fooled,
      roundAfter.id,
    ]);
    const contextAfter = await t.db
      .selectFrom('contexts')
      .select(['id', 'total_used', 'last_used'])
      .where('id', '=', body.cid)
      .executeTakeFirstOrThrow();
    expect(contextAfter.total_used).toBe(usedBefore + 1);
    expect(contextAfter.last_used).not.toBeNull();
    const stored = await exampleRow(t.db, eleventh.id);
    expect(stored).toMatchObject({
      uid: author.id,
      annotator_id: null,
      cid: body.cid,
      r_realid: roundAfter.id,
      tid: sentiment.id,
      mid: model.id,
      model_endpoint_name: model.endpoint_name,
      model_signature: body.model_signature,
      input_json: body.input,
      output_json: body.output,
      metadata_json: {},
    });

    // A retry: the same answer, one more statement to read it, nothing written.
    const retry = await statementsOf(() => post(bearer(token), body, 'steady-key-11'));
    expect(retry.texts).toHaveLength(4);
    expect((retry.res as unknown as { json(): unknown }).json()).toEqual(eleventh);
    expect(await examplesOf(t.db, { uid: author.id })).toBe(11);
    expect((await userRow(t.db, author.id)).examples_submitted).toBe(11);
    const reused = await post(
      bearer(token),
      { ...body, input: { ...body.input, label: 'positive' } },
      'steady-key-11',
    );
    expect(reused.statusCode).toBe(409);
  });

  it('concurrent retries with one key store one example and get one answer', async () => {
    const author = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(author);
    // Past the last milestone: the single-statement path.
    await t.db
      .updateTable('users')
      .set({ examples_submitted: 10 })
      .where('id', '=', author.id)
      .execute();
    const body = await submission(token, 'Sure, loved waiting on hold for an hour.');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(bearer(token), body, 'concurrent-key-1')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await examplesOf(t.db, { uid: author.id })).toBe(1);
    expect((await userRow(t.db, author.id)).examples_submitted).toBe(11);
    // A newcomer (the transactional path, with its badge) retrying concurrently, too.
    const newcomer = await makeUser(t.db);
    const newToken = await t.deps.tokens.signUser(newcomer);
    const first = await submission(newToken, 'What a delight, the train is late again.');
    const firsts = await Promise.all(
      Array.from({ length: 6 }, () => post(bearer(newToken), first, 'concurrent-key-2')),
    );
    expect(firsts.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(firsts.map((a) => JSON.stringify(a.json())))).toEqual(
      new Set([JSON.stringify(firsts[0]!.json())]),
    );
    expect(firsts[0]!.json().badges).toBe('FIRST_CREATED');
    expect(await examplesOf(t.db, { uid: newcomer.id })).toBe(1);
  });

  it('a crowd worker’s retry stores one example; no user counters move', async () => {
    const crowd = await crowdHeader(t, sentiment.id);
    const roundBefore = await currentRound(t.db, sentiment);
    const ctx = await drawContext(t, sentiment);
    const body = {
      tid: sentiment.id,
      rid: sentiment.cur_round,
      cid: ctx.id,
      input: { statement: 'A crowd statement.', label: 'neutral' },
      annotator_id: 'worker-42',
    };
    const [a, b] = await Promise.all([
      post(crowd, body, 'crowd-key-1'),
      post(crowd, body, 'crowd-key-1'),
    ]);
    const c = await post(crowd, body, 'crowd-key-1');
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect(a.json()).toMatchObject({ model_wrong: null, badges: null });
    expect(await examplesOf(t.db, { annotator: 'worker-42' })).toBe(1);
    // Another worker may use the same key: keys are per worker.
    const other = await post(crowd, { ...body, annotator_id: 'worker-43' }, 'crowd-key-1');
    expect(other.statusCode).toBe(200);
    expect(other.json().id).not.toBe(a.json().id);
    const roundAfter = await currentRound(t.db, sentiment);
    expect(roundAfter.total_collected - roundBefore.total_collected).toBe(2);
  });

  it('sees a rotated model secret at once', async () => {
    const author = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(author);
    const signedBefore = await submission(token, 'Signed before the rotation, lovely.');
    expect((await post(bearer(token), signedBefore)).statusCode).toBe(200);
    const { secret } = await t.db
      .selectFrom('models')
      .select('secret')
      .where('id', '=', model.id)
      .executeTakeFirstOrThrow();
    try {
      await t.db
        .updateTable('models')
        .set({ secret: 'b'.repeat(64) })
        .where('id', '=', model.id)
        .execute();
      const stale = await post(bearer(token), signedBefore);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error).toMatch(/could not be verified/);
      const signedAfter = await submission(token, 'Signed after the rotation, lovely.');
      expect((await post(bearer(token), signedAfter)).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('models').set({ secret }).where('id', '=', model.id).execute();
    }
  });

  it('a model of another task is unknown here', async () => {
    const author = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(author);
    const body = await submission(token, 'Fine.');
    const other = await t.db
      .selectFrom('models')
      .select('endpoint_name')
      .where('tid', '!=', sentiment.id)
      .where('endpoint_name', 'is not', null)
      .executeTakeFirstOrThrow();
    const res = await post(bearer(token), { ...body, model_endpoint_name: other.endpoint_name });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Unknown model for this task/);
  });

  it('moves the task’s last_updated when it is older than 5 s', async () => {
    const author = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(author);
    const old = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('tasks')
      .set({ last_updated: old })
      .where('id', '=', sentiment.id)
      .execute();
    expect((await post(bearer(token), await submission(token, 'Touch.'))).statusCode).toBe(200);
    const { last_updated } = await t.db
      .selectFrom('tasks')
      .select('last_updated')
      .where('id', '=', sentiment.id)
      .executeTakeFirstOrThrow();
    expect(last_updated!.getTime()).toBeGreaterThan(old.getTime() + 50_000);
  });

  it('hides a hidden task from strangers only; ids out of range are not found', async () => {
    const owner = await makeUser(t.db);
    const { task } = await makeTask(t.db, { hidden: true }, { ownerIds: [owner.id] });
    const payload = { tid: task.id, rid: 1, cid: 1, input: {} };
    const stranger = await t.deps.tokens.signUser(await makeUser(t.db));
    const hidden = await post(bearer(stranger), payload);
    expect([hidden.statusCode, hidden.json().error]).toEqual([404, expect.stringMatching(/Task/)]);
    // The owner and admins see it (and are told what is missing: here, its configuration).
    for (const token of [
      await t.deps.tokens.signUser(owner),
      await t.deps.tokens.signUser(admin),
    ]) {
      const res = await post(bearer(token), payload);
      expect([res.statusCode, res.json().error]).toEqual([
        400,
        expect.stringMatching(/configuration/),
      ]);
    }
    const token = await t.deps.tokens.signUser(await makeUser(t.db));
    const base = { tid: sentiment.id, rid: sentiment.cur_round, cid: 1, input: {} };
    expect((await post(bearer(token), { ...base, tid: 3_000_000_000 })).statusCode).toBe(404);
    const round = await post(bearer(token), { ...base, rid: 3_000_000_000 });
    expect([round.statusCode, round.json().error]).toEqual([404, expect.stringMatching(/Round/)]);
    const context = await post(bearer(token), { ...base, cid: 3_000_000_000 });
    expect([context.statusCode, context.json().error]).toEqual([
      400,
      expect.stringMatching(/context does not belong/),
    ]);
  });
});
