import { createHash, createHmac } from 'node:crypto';
import { type ErrorBody, type RoundAgreement } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContext, makeTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

type User = Awaited<ReturnType<typeof makeUser>>;
type Task = Awaited<ReturnType<typeof makeTask>>;

interface Exported {
  id: number;
  cid: number;
  tag: string | null;
  input_json: string;
  output_json: string;
  metadata_json: string;
  model_wrong: boolean | null;
  retracted: boolean;
  flagged: boolean;
  generated_datetime: string;
  time_elapsed: number | null;
  total_verified: number;
  context: {
    id: number;
    r_realid: number;
    context_json: string;
    tag: string | null;
    metadata_json: string;
  };
  anon_uid: string;
  validations: Array<[string, string, string, Record<string, unknown>]>;
}

interface Envelope {
  format: string;
  task: { id: number; task_code: string; name: string };
  exported_at: string;
  rounds: Array<{ rid: number; agreement: RoundAgreement }>;
  examples: Exported[];
}

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

describe('exporting the examples of a task', () => {
  let t: TestApp;
  let token: string;
  let owner: User;
  let task: Task;
  let alice: User;
  let bob: User;
  let validator: User;
  const ids = {} as Record<'alice1' | 'alice2' | 'bob' | 'crowd' | 'sandbox' | 'alice3', number>;
  const GENERATED = new Date('2026-03-04T05:06:07.891Z');
  const INPUT = { statement: 'The food was cold', label: 'negative' };
  const OUTPUT = { label: 'positive', prob: { negative: 0.2, positive: 0.7, neutral: 0.1 } };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.db);
    token = await t.deps.tokens.signUser(owner);
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    validator = await makeUser(t.db);
    task = await makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML },
      { ownerIds: [owner.id], rounds: 2 },
    );
    const [r1, r2] = task.rounds;
    const c1 = await makeContext(
      t.db,
      r1!.id,
      { context: 'A restaurant review' },
      { tag: 'food', metadata: { source: 'yelp' } },
    );
    const c2 = await makeContext(t.db, r2!.id, { context: 'A film review' });
    const example = async (
      round: typeof r1,
      cid: number,
      author: { uid?: number; annotator_id?: string },
      extra: Record<string, unknown> = {},
    ) =>
      (
        await t.db
          .insertInto('examples')
          .values({
            tid: task.task.id,
            r_realid: round!.id,
            cid,
            uid: author.uid ?? null,
            annotator_id: author.annotator_id ?? null,
            input_json: JSON.stringify(INPUT),
            output_json: JSON.stringify(OUTPUT),
            ...extra,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.alice1 = await example(
      r1,
      c1.id,
      { uid: alice.id },
      {
        tag: 'hard',
        metadata_json: JSON.stringify({ note: 'tricky' }),
        model_wrong: true,
        generated_datetime: GENERATED,
        time_elapsed_ms: 1500,
        total_verified: 2,
      },
    );
    ids.alice2 = await example(r1, c1.id, { uid: alice.id });
    ids.bob = await example(r1, c1.id, { uid: bob.id }, { retracted: true, flagged: true });
    ids.crowd = await example(r1, c1.id, { annotator_id: 'crowd-7' });
    ids.sandbox = await example(r1, c1.id, { uid: alice.id }, { sandbox: true });
    ids.alice3 = await example(r2, c2.id, { uid: alice.id });
    await t.db
      .insertInto('validations')
      .values([
        {
          eid: ids.alice1,
          uid: validator.id,
          label: 'correct',
          mode: 'user',
          metadata_json: '{"why":"ok"}',
        },
        { eid: ids.alice1, uid: owner.id, label: 'incorrect', mode: 'owner' },
        { eid: ids.bob, uid: validator.id, label: 'flagged', mode: 'user' },
        { eid: ids.alice3, uid: validator.id, label: 'correct', mode: 'user' },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const download = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  /** The bare array of the original export (?format=examples). */
  const exported = async (url: string) => {
    const res = await download(`${url}?format=examples`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, rows: res.json<Exported[]>() };
  };
  /** The default export: the envelope. */
  const envelope = async (url: string) => {
    const res = await download(url);
    expect(res.statusCode, res.body).toBe(200);
    return { res, body: res.json<Envelope>() };
  };
  const byId = (rows: Exported[]) => new Map(rows.map((r) => [r.id, r]));

  it('is a JSON download of every example but the sandbox ones, by round then id', async () => {
    const { res, rows } = await exported(`/api/tasks/${task.task.id}/export`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${task.task.task_code}-export.json"`,
    );
    expect(rows.map((r) => r.id)).toEqual([ids.alice1, ids.alice2, ids.bob, ids.crowd, ids.alice3]);
  });

  it('shapes each element as the original export: *_json fields are JSON strings', async () => {
    const { rows } = await exported(`/api/tasks/${task.task.id}/export`);
    const e = byId(rows).get(ids.alice1)!;
    expect(e).toMatchObject({
      id: ids.alice1,
      cid: expect.any(Number),
      tag: 'hard',
      model_wrong: true,
      retracted: false,
      flagged: false,
      generated_datetime: GENERATED.toISOString(),
      time_elapsed: 1500,
      total_verified: 2,
      context: {
        r_realid: task.rounds[0]!.id,
        tag: 'food',
      },
    });
    for (const field of ['input_json', 'output_json', 'metadata_json'] as const)
      expect(typeof e[field]).toBe('string');
    expect(JSON.parse(e.input_json)).toEqual(INPUT);
    expect(JSON.parse(e.output_json)).toEqual(OUTPUT);
    expect(JSON.parse(e.metadata_json)).toEqual({ note: 'tricky' });
    expect(e.context.id).toBe(e.cid);
    expect(typeof e.context.context_json).toBe('string');
    expect(JSON.parse(e.context.context_json)).toEqual({ context: 'A restaurant review' });
    expect(JSON.parse(e.context.metadata_json)).toEqual({ source: 'yelp' });
    expect(byId(rows).get(ids.bob)).toMatchObject({ retracted: true, flagged: true });

    const secret = task.rounds[0]!.secret;
    expect(e.validations).toEqual([
      ['correct', 'user', expect.stringMatching(/^[0-9a-f]{64}$/), { why: 'ok' }],
      ['incorrect', 'owner', expect.stringMatching(/^[0-9a-f]{64}$/), {}],
    ]);
    const validatorAnon = e.validations[0]![2];
    // One validator is one id within a round, and is no user id in disguise.
    expect(byId(rows).get(ids.bob)!.validations).toEqual([['flagged', 'user', validatorAnon, {}]]);
    expect(byId(rows).get(ids.alice3)!.validations[0]![2]).not.toBe(validatorAnon);
    expect(validatorAnon).not.toBe(hmac(secret, `user:${validator.id}`));
    expect(e.validations[1]![2]).not.toBe(validatorAnon);
  });

  it('anonymises authors with an id keyed by the round secret', async () => {
    const { res, rows } = await exported(`/api/tasks/${task.task.id}/export`);
    const index = byId(rows);
    const anon = (key: keyof typeof ids) => index.get(ids[key])!.anon_uid;
    const [r1, r2] = task.rounds;

    expect(anon('alice1')).toBe(anon('alice2'));
    expect(anon('alice1')).not.toBe(anon('bob'));
    expect(anon('alice1')).not.toBe(anon('crowd'));
    expect(anon('alice3')).not.toBe(anon('alice1'));

    expect(anon('alice1')).toBe(hmac(r1!.secret, `user:${alice.id}`));
    expect(anon('alice3')).toBe(hmac(r2!.secret, `user:${alice.id}`));
    expect(anon('bob')).toBe(hmac(r1!.secret, `user:${bob.id}`));
    // Keyed: neither the plain id nor a bare hash of it.
    expect(anon('alice1')).not.toBe(createHash('sha256').update(`user:${alice.id}`).digest('hex'));
    expect(anon('alice1')).not.toBe(createHash('sha256').update(String(alice.id)).digest('hex'));
    for (const key of ['alice1', 'bob', 'crowd'] as const) {
      expect(anon(key)).toMatch(/^[0-9a-f]{64}$/);
      expect([String(alice.id), String(bob.id), alice.username, bob.username]).not.toContain(
        anon(key),
      );
    }
    for (const secretText of [
      alice.username,
      bob.username,
      validator.username,
      alice.email,
      'crowd-7',
      r1!.secret,
      r2!.secret,
    ]) {
      expect(res.body).not.toContain(secretText);
    }
    expect(res.body).not.toMatch(/"uid"|"annotator_id"/);
  });

  it('the round export holds that round only', async () => {
    const { res, rows } = await exported(`/api/tasks/${task.task.id}/rounds/2/export`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${task.task.task_code}-round-2-export.json"`,
    );
    expect(rows.map((r) => r.id)).toEqual([ids.alice3]);
    expect(rows[0]!.context.r_realid).toBe(task.rounds[1]!.id);
    const round1 = await exported(`/api/tasks/${task.task.id}/rounds/1/export`);
    expect(round1.rows.map((r) => r.id)).toEqual([ids.alice1, ids.alice2, ids.bob, ids.crowd]);
    expect((await download(`/api/tasks/${task.task.id}/rounds/7/export`)).statusCode).toBe(404);
  });

  it('an empty task exports an empty array, or an envelope with no examples', async () => {
    const { task: empty } = await makeTask(t.db, {}, { ownerIds: [owner.id] });
    const { rows } = await exported(`/api/tasks/${empty.id}/export`);
    expect(rows).toEqual([]);
    const { body } = await envelope(`/api/tasks/${empty.id}/export`);
    expect(body.examples).toEqual([]);
    expect(body.rounds).toEqual([
      {
        rid: 1,
        agreement: {
          rid: 1,
          collected: 0,
          verified_fooled: 0,
          verified_mer: null,
          verified_mer_ci: null,
          examples_validated: 0,
          validations: 0,
          alpha: null,
          alpha_ci: null,
        },
      },
    ]);
  });

  it('by default is an envelope: the task, the rounds in order, the same examples', async () => {
    const before = Date.now();
    const { res, body } = await envelope(`/api/tasks/${task.task.id}/export`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${task.task.task_code}-export.json"`,
    );
    expect(Object.keys(body)).toEqual(['format', 'task', 'exported_at', 'rounds', 'examples']);
    expect(body.format).toBe('dynaloop-export/2');
    expect(body.task).toEqual({
      id: task.task.id,
      task_code: task.task.task_code,
      name: task.task.name,
    });
    expect(new Date(body.exported_at).toISOString()).toBe(body.exported_at);
    expect(Date.parse(body.exported_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.exported_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(body.rounds.map((r) => [r.rid, r.agreement.rid])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // Round 1: two user-mode labels ('correct', 'flagged') on two examples; the owner's is left out.
    expect(body.rounds[0]!.agreement).toMatchObject({ examples_validated: 2, validations: 2 });
    // The examples are the bare export's, element for element.
    const { rows } = await exported(`/api/tasks/${task.task.id}/export`);
    expect(body.examples).toEqual(rows);
    expect(body.examples.map((r) => r.id)).toEqual([
      ids.alice1,
      ids.alice2,
      ids.bob,
      ids.crowd,
      ids.alice3,
    ]);
  });

  it('the round envelope holds that round and its examples only', async () => {
    const { res, body } = await envelope(`/api/tasks/${task.task.id}/rounds/2/export`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${task.task.task_code}-round-2-export.json"`,
    );
    expect(body.format).toBe('dynaloop-export/2');
    expect(body.task.id).toBe(task.task.id);
    expect(body.rounds.map((r) => r.rid)).toEqual([2]);
    expect(body.rounds[0]!.agreement).toMatchObject({
      rid: 2,
      examples_validated: 1,
      validations: 1,
    });
    expect(body.examples.map((r) => r.id)).toEqual([ids.alice3]);
    expect(
      (await download(`/api/tasks/${task.task.id}/rounds/7/export?format=examples`)).statusCode,
    ).toBe(404);
  });

  it('answers 400 to any other format, on both routes', async () => {
    for (const url of [
      `/api/tasks/${task.task.id}/export`,
      `/api/tasks/${task.task.id}/rounds/1/export`,
    ]) {
      for (const query of [
        'format=csv',
        'format=',
        'format=EXAMPLES',
        'format=dynaloop-export/2',
        'format=examples&format=examples',
      ]) {
        const res = await download(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(400);
        const error = res.json<ErrorBody>();
        expect(error.code).toBe('validation_failed');
        expect(error.error).toMatch(/^querystring\.format: /);
        expect(error.error).toContain('format must be "examples"');
      }
    }
  });

  it('documents the format query in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        { get: { parameters: Array<{ in: string; name: string; schema: { enum?: string[] } }> } }
      >;
    }>();
    for (const path of ['/api/tasks/{id}/export', '/api/tasks/{id}/rounds/{rid}/export']) {
      const format = doc.paths[path]!.get.parameters.find(
        (p) => p.in === 'query' && p.name === 'format',
      );
      expect(format, path).toBeDefined();
      expect(format!.schema.enum).toEqual(['examples']);
    }
  });

  it('streams a round of 3,000 examples completely', async () => {
    const big = await makeTask(t.db, {}, { ownerIds: [owner.id] });
    const context = await makeContext(t.db, big.rounds[0]!.id);
    await t.db
      .insertInto('examples')
      .values(
        Array.from({ length: 3_000 }, (_, i) => ({
          tid: big.task.id,
          r_realid: big.rounds[0]!.id,
          cid: context.id,
          uid: i % 2 ? alice.id : bob.id,
          input_json: JSON.stringify({ statement: `Example ${i}`, label: 'neutral' }),
        })),
      )
      .execute();
    for (const url of [
      `/api/tasks/${big.task.id}/export`,
      `/api/tasks/${big.task.id}/rounds/1/export`,
    ]) {
      const { rows } = await exported(url);
      const { body } = await envelope(url);
      expect(body.examples).toEqual(rows);
      expect(rows).toHaveLength(3_000);
      const idsOut = rows.map((r) => r.id);
      expect(new Set(idsOut).size).toBe(3_000);
      expect([...idsOut].sort((a, b) => a - b)).toEqual(idsOut);
      expect(JSON.parse(rows.at(-1)!.input_json)).toEqual({
        statement: 'Example 2999',
        label: 'neutral',
      });
    }
  });
});

describe('the agreement figures of an export', () => {
  let t: TestApp;
  let token: string;
  let task: Task;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await makeUser(t.db);
    token = await t.deps.tokens.signUser(owner);
    const validators: User[] = [];
    for (let i = 0; i < 4; i++) validators.push(await makeUser(t.db));
    const author = await makeUser(t.db);
    task = await makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML },
      { ownerIds: [owner.id], rounds: 3 },
    );
    // Labels of each example, one per validator; they disagree, so alpha is a number.
    type Label = 'correct' | 'incorrect' | 'flagged';
    const rounds: Label[][][] = [
      [
        ['correct', 'correct', 'incorrect'],
        ['incorrect', 'incorrect', 'incorrect', 'correct'],
        ['correct', 'flagged', 'correct'],
        ['correct', 'correct'],
        ['incorrect', 'correct', 'correct', 'incorrect'],
        ['flagged', 'flagged', 'correct'],
      ],
      [
        ['correct', 'incorrect'],
        ['incorrect', 'incorrect', 'correct'],
        ['correct', 'correct'],
        ['incorrect', 'correct', 'incorrect'],
      ],
      // Round 3: nothing validated.
      [],
    ];
    for (const [i, examples] of rounds.entries()) {
      const round = task.rounds[i]!;
      const context = await makeContext(t.db, round.id);
      for (const labels of examples) {
        const { id } = await t.db
          .insertInto('examples')
          .values({
            tid: task.task.id,
            r_realid: round.id,
            cid: context.id,
            uid: author.id,
            input_json: JSON.stringify({ statement: 'Some text', label: 'neutral' }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('validations')
          .values(
            labels.map((label, v) => ({ eid: id, uid: validators[v]!.id, label, mode: 'user' })),
          )
          .execute();
      }
    }
    // Round counters as collection would have left them.
    const counters = [
      { collected: 6, fooled: 2 },
      { collected: 4, fooled: 1 },
      { collected: 0, fooled: 0 },
    ];
    for (const [i, c] of counters.entries())
      await t.db
        .updateTable('rounds')
        .set({ total_collected: c.collected, total_verified_fooled: c.fooled })
        .where('id', '=', task.rounds[i]!.id)
        .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const agreement = (rid: number) =>
    get<RoundAgreement>(`/api/tasks/${task.task.id}/rounds/${rid}/agreement`);

  it('are, round by round, what the agreement route answers', async () => {
    const body = await get<Envelope>(`/api/tasks/${task.task.id}/export`);
    expect(body.rounds).toEqual([
      { rid: 1, agreement: await agreement(1) },
      { rid: 2, agreement: await agreement(2) },
      { rid: 3, agreement: await agreement(3) },
    ]);
    const [r1, r2, r3] = body.rounds.map((r) => r.agreement);
    expect(r1).toMatchObject({
      rid: 1,
      collected: 6,
      verified_fooled: 2,
      verified_mer: 33.33,
      examples_validated: 6,
      validations: 19,
    });
    expect(r1!.alpha).toEqual(expect.any(Number));
    expect(r1!.alpha_ci).toEqual([expect.any(Number), expect.any(Number)]);
    expect(r1!.verified_mer_ci).toEqual([expect.any(Number), expect.any(Number)]);
    expect(r2).toMatchObject({
      rid: 2,
      collected: 4,
      verified_fooled: 1,
      verified_mer: 25,
      examples_validated: 4,
      validations: 10,
    });
    expect(r2!.alpha).toEqual(expect.any(Number));
    expect(r2!.alpha).not.toBe(r1!.alpha);
    expect(r3).toMatchObject({
      rid: 3,
      verified_mer: null,
      examples_validated: 0,
      alpha: null,
      alpha_ci: null,
    });
    expect(body.examples).toHaveLength(10);
  });

  it('of a round export are that round’s only', async () => {
    const body = await get<Envelope>(`/api/tasks/${task.task.id}/rounds/2/export`);
    expect(body.rounds).toEqual([{ rid: 2, agreement: await agreement(2) }]);
    expect(body.examples).toHaveLength(4);
    expect(new Set(body.examples.map((e) => e.context.r_realid))).toEqual(
      new Set([task.rounds[1]!.id]),
    );
  });

  it('are left out of the bare array', async () => {
    const rows = await get<Exported[]>(`/api/tasks/${task.task.id}/export?format=examples`);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.validations).toHaveLength(3);
  });
});
