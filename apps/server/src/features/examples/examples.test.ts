import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type UserRow } from '../../db/schema.js';
import { makeUser } from '../../../test/factories.js';
import {
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

describe('writing examples against a model in the loop', () => {
  let t: TestApp;
  let alice: UserRow;
  let aliceToken: string;
  let sentiment: DemoSentiment['sentiment'];
  let model: DemoSentiment['model'];

  beforeAll(async () => {
    ({ t, sentiment, model } = await demoSentimentApp());
  });
  // A writer of her own for each test: the tests check her counters and badges.
  beforeEach(async () => {
    alice = await makeUser(t.db);
    aliceToken = await t.deps.tokens.signUser(alice);
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** What the create page does: get a context, ask the model, then store the example. */
  async function write(statement: string, label: string, token = aliceToken, key?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: {
        ...(await signedExample(t, sentiment, model, token, { statement, label })),
        metadata: { example_explanation: 'test' },
        // The client's claim is ignored: the server decides with the task's metric.
        model_wrong: false,
      },
    });
  }

  /** Changes one's example (retract, flag). */
  const putExample = (id: number, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/examples/${id}`, headers: auth(token), payload });

  /** Casts a validation of an example. */
  const putValidation = (id: number, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/validations/${id}`, headers: auth(token), payload });

  /** What the validate page asks first: an example of the round to validate. */
  const pickToValidate = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/examples/sentiment/${sentiment.cur_round}`,
      headers: auth(token),
    });

  it('stores a fooling example, decides model_wrong itself, and moves every counter', async () => {
    const before = await currentRound(t.db, sentiment);
    // VADER calls this positive; the writer says it is negative (sarcasm): the model is fooled.
    const res = await write('Oh great, another wonderful Monday of endless meetings.', 'negative');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: 'ok', model_wrong: true, badges: 'FIRST_CREATED' });
    const after = await currentRound(t.db, sentiment);
    expect([
      after.total_collected - before.total_collected,
      after.total_fooled - before.total_fooled,
    ]).toEqual([1, 1]);
    const user = await userRow(t.db, alice.id);
    expect([user.examples_submitted, user.total_fooled]).toEqual([1, 1]);
    const rui = await roundUserInfo(t.db, alice.id);
    expect([rui.examples_submitted, rui.total_fooled, rui.r_realid]).toEqual([1, 1, after.id]);
    const stored = await exampleRow(t.db, body.id);
    expect(stored).toMatchObject({
      uid: alice.id,
      mid: model.id,
      model_wrong: true,
      input_json: {
        statement: 'Oh great, another wonderful Monday of endless meetings.',
        label: 'negative',
      },
    });
  });

  it('a non-fooling example counts as collected, not fooled', async () => {
    const before = await currentRound(t.db, sentiment);
    const res = await write('I absolutely love this wonderful blender!', 'positive');
    expect(res.json().model_wrong).toBe(false);
    const after = await currentRound(t.db, sentiment);
    expect([
      after.total_collected - before.total_collected,
      after.total_fooled - before.total_fooled,
    ]).toEqual([1, 0]);
  });

  it('refuses a forged model answer, a wrong label, and guests', async () => {
    const ctx = await drawContext(t, sentiment);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: auth(aliceToken),
      payload: {
        tid: sentiment.id,
        rid: sentiment.cur_round,
        cid: ctx.id,
        input: { statement: 'x', label: 'negative' },
        output: { label: 'positive' },
        model_signature: 'a'.repeat(64),
        model_endpoint_name: model.endpoint_name,
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatch(/could not be verified/);
    const badLabel = await write('Fine.', 'happy');
    expect(badLabel.statusCode).toBe(400);
    expect(badLabel.json().details[0]).toEqual({
      path: 'body.input.label',
      message: 'must be one of negative, positive, neutral',
    });
    const trial = await t.deps.tokens.signTrial();
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: auth(trial),
      payload: { tid: sentiment.id, rid: 1, cid: 1, input: {} },
    });
    expect(guest.statusCode).toBe(403);
  });

  it('a retried submission with the same Idempotency-Key stores one example', async () => {
    const count = () => examplesOf(t.db, { uid: alice.id });
    const before = await count();
    const ctx = await drawContext(t, sentiment);
    const payload = {
      tid: sentiment.id,
      rid: sentiment.cur_round,
      cid: ctx.id,
      input: { statement: 'No model this time.', label: 'neutral' },
    };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/examples',
        headers: { ...auth(aliceToken), 'idempotency-key': 'retry-key-0001' },
        payload,
      });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect(await count()).toBe(before + 1);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: { ...auth(aliceToken), 'idempotency-key': 'retry-key-0001' },
      payload: { ...payload, input: { statement: 'Different', label: 'neutral' } },
    });
    expect(reused.statusCode).toBe(409);
  });

  it('refuses a malformed Idempotency-Key with a 400 and stores nothing', async () => {
    const count = () => examplesOf(t.db, { uid: alice.id });
    const before = await count();
    const ctx = await drawContext(t, sentiment);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: { ...auth(aliceToken), 'idempotency-key': 'short' },
      payload: {
        tid: sentiment.id,
        rid: sentiment.cur_round,
        cid: ctx.id,
        input: { statement: 'A key too short.', label: 'neutral' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
    expect(await count()).toBe(before);
  });

  it('retract and flag one’s own example; others cannot', async () => {
    const created = (
      await write('Sure, the best service ever, waited two hours.', 'negative')
    ).json();
    const bob = await t.deps.tokens.signUser(await makeUser(t.db));
    const other = await putExample(created.id, bob, { flagged: true });
    expect(other.statusCode).toBe(403);
    const retract = await putExample(created.id, aliceToken, { retracted: true });
    expect(retract.json()).toMatchObject({ retracted: true });
    const user = await userRow(t.db, alice.id);
    expect(user.total_retracted).toBe(1);
    expect(user.total_verified_not_correct_fooled).toBe(created.model_wrong ? 1 : 0);
    const flag = await putExample(created.id, aliceToken, { flagged: true });
    expect(flag.json().flagged).toBe(true);
    const unknownKey = await putExample(created.id, aliceToken, { uid: 5 });
    expect(unknownKey.statusCode).toBe(400);
  });

  it('three matching validations make an example verified-fooled, once; validators cannot repeat or validate their own', async () => {
    const created = (await write('What a fantastic way to ruin a holiday.', 'negative')).json();
    expect(created.model_wrong).toBe(true);
    const validators = await Promise.all([
      makeUser(t.db),
      makeUser(t.db),
      makeUser(t.db),
      makeUser(t.db),
    ]);
    const tokens = await Promise.all(validators.map((v) => t.deps.tokens.signUser(v)));
    const own = await putValidation(created.id, aliceToken, { label: 'correct' });
    expect(own.statusCode).toBe(403);
    const before = await currentRound(t.db, sentiment);
    for (const token of tokens.slice(0, 3)) {
      // Each validator is served this example by the picker first (fooling, least validated).
      const picked = await pickToValidate(token);
      expect(picked.statusCode).toBe(200);
      const res = await putValidation(created.id, token, { label: 'correct', mode: 'user' });
      expect(res.statusCode).toBe(200);
    }
    const again = await putValidation(created.id, tokens[0]!, { label: 'correct' });
    expect(again.statusCode).toBe(403);
    const fourth = await putValidation(created.id, tokens[3]!, { label: 'correct' });
    expect(fourth.json().verdict).toBe('verified_fooled');
    const after = await currentRound(t.db, sentiment);
    expect(after.total_verified_fooled - before.total_verified_fooled).toBe(1);
    const author = await userRow(t.db, alice.id);
    expect(author.total_verified_fooled).toBe(1);
    const validator = await userRow(t.db, validators[0]!.id);
    expect(validator.examples_verified).toBe(1);
    // A decided example is no longer served to validate.
    const picked = await pickToValidate(tokens[3]!);
    if (picked.statusCode === 200) expect(picked.json().id).not.toBe(created.id);
  });

  it('one owner vote decides; owner mode needs an owner', async () => {
    const created = (
      await write('Brilliant, my phone died again right on time.', 'negative')
    ).json();
    const stranger = await t.deps.tokens.signUser(await makeUser(t.db));
    const refused = await putValidation(created.id, stranger, {
      label: 'incorrect',
      mode: 'owner',
    });
    expect(refused.statusCode).toBe(403);
    const admin = await demoAdmin(t.db);
    const res = await putValidation(created.id, await t.deps.tokens.signUser(admin), {
      label: 'incorrect',
      mode: 'owner',
      metadata: { corrected_label: 'positive' },
    });
    expect(res.json().verdict).toBe('verified_not_correct');
    const author = await userRow(t.db, alice.id);
    expect(author.total_verified_not_correct_fooled).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 when nothing is left to validate', async () => {
    const loner = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(loner);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/examples/nli/1',
      headers: auth(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/no more examples/);
  });
});
