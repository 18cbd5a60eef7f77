import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRound, demoSentimentApp, exampleRow, type DemoSentiment } from '../collection.js';
import { makeUser } from '../factories.js';
import { expectFields, originalClient, parsedObject, pathOf } from './original-client.js';

/**
 * The three pages of the original web client that a fresh install must serve: the task page
 * logged out, the create page (the model's answer read as its code reads it) and the validate
 * page. Each call is built as that client builds it; each assertion is a field its code reads.
 */
describe('the original web client on the collection pages', () => {
  let d: DemoSentiment;
  let writerToken: string;
  let writerId: number;
  let validatorToken: string;

  beforeAll(async () => {
    d = await demoSentimentApp();
    const writer = await makeUser(d.t.db);
    writerId = writer.id;
    writerToken = await d.t.deps.tokens.signUser(writer);
    validatorToken = await d.t.deps.tokens.signUser(await makeUser(d.t.db));
  });
  afterAll(async () => {
    await d.t.close();
  });

  const task = (token: string | null) =>
    originalClient(d.t.app, token).call({ method: 'GET', path: '/tasks/sentiment' });

  it('task page, logged out: tasks, task, admin_or_owner, round, trends, user leaderboard', async () => {
    const api = originalClient(d.t.app, null);
    const tasks = await api.call<unknown[]>({ method: 'GET', path: '/tasks' });
    expect(tasks.status).toBe(200);
    for (const item of tasks.body) {
      expectFields(item, {
        id: 'number',
        official: 'boolean',
        task_code: 'string',
        name: 'string',
        cur_round: 'number',
        round: 'object|null',
      });
    }

    const t = await task(null);
    expect(t.status).toBe(200);
    expectFields(t.body, {
      id: 'number',
      task_code: 'string',
      name: 'string',
      desc: 'string|null',
      config_yaml: 'string',
      instructions_md: 'string',
      cur_round: 'number',
      round: 'object',
      last_updated: 'string|null',
      active: 'boolean',
      submitable: 'boolean',
      has_predictions_upload: 'boolean',
      ordered_metrics: 'array',
      ordered_scoring_datasets: 'array',
    });
    expectFields(t.body.round, {
      total_fooled: 'number',
      total_collected: 'number',
      total_verified_fooled: 'number',
      url: 'string|null',
    });
    const id = t.body.id as number;
    const curRound = t.body.cur_round as number;

    // `Authorization: None` is a visitor, not a malformed header.
    const owner = await api.call({ method: 'GET', path: `/tasks/admin_or_owner/${id}` });
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ admin_or_owner: false });

    const round = await api.call({ method: 'GET', path: `/tasks/${id}/${curRound}` });
    expect(round.status).toBe(200);
    expectFields(round.body, { longdesc: 'string|null' });

    const trends = await api.call({ method: 'GET', path: `/tasks/${id}/trends` });
    expect(trends.status).toBe(200);
    expect(Array.isArray(trends.body)).toBe(true);

    // The user leaderboard card: page size 7, offset a page index, overall and per round.
    for (const path of [
      `/tasks/${id}/users?limit=7&offset=0`,
      `/tasks/${id}/rounds/${curRound}/users?limit=7&offset=0`,
    ]) {
      const board = await api.call({ method: 'GET', path });
      expect(board.status, path).toBe(200);
      expectFields(board.body, { count: 'number', data: 'array' });
    }
  });

  /** The create page up to the model's answer, as the client runs it. */
  async function askTheModel(token: string | null, statement: string, label: string) {
    const api = originalClient(d.t.app, token);
    const trial = token
      ? undefined
      : (await api.call({ method: 'GET', path: '/authenticate/get_trial_token' })).body.token;
    if (!token) expect(typeof trial).toBe('string');
    const t = (await task(token)).body;
    const context = await api.call({
      method: 'GET',
      path: `/contexts/${String(t.id)}/${String(t.cur_round)}/min?tags=`,
    });
    expect(context.status).toBe(200);
    expectFields(context.body, { id: 'number', context_json: 'string' });
    const contextFields = parsedObject(context.body.context_json);

    // pickModel: one of the `|`-separated URLs; the endpoint is what follows "predict?model=".
    const round = t.round as { url: string | null };
    expect(typeof round.url).toBe('string');
    const urls = round.url!.split('|');
    const url = urls[0]!;
    expect(url).toMatch(/^https?:\/\//);
    const endpoint = url.split('predict?model=')[1];
    expect(endpoint).toBeDefined();
    // Names not starting with "ts" would be read in the pre-2021 format (prob arrays).
    expect(endpoint!.startsWith('ts')).toBe(true);

    const data = { ...contextFields, statement, label };
    const io = await api.call({
      method: 'POST',
      path: `/tasks/${String(t.id)}/convert_to_model_io`,
      data,
    });
    expect(io.status).toBe(200);
    expect(io.body).not.toHaveProperty('data');
    expect(io.body.statement).toBe(statement);

    const answer = await api.call({
      method: 'POST',
      path: url,
      data: { ...io.body, uid: '0', insight: false },
      ...(trial ? { bearer: trial as string } : {}),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errorMessage).toBeUndefined();
    expectFields(answer.body, { label: 'string', prob: 'object', signature: 'string' });
    expect(answer.body.signed).toBeUndefined();

    // The target: the user's values of the config's output fields.
    const evaluated = await api.call({
      method: 'POST',
      path: '/examples/evaluate',
      data: { target: { label }, tid: t.id, output: answer.body },
    });
    expect(evaluated.status).toBe(200);
    expectFields(evaluated.body, { model_wrong: 'boolean|null' });
    return {
      api,
      t,
      context: context.body,
      endpoint: endpoint!,
      output: answer.body,
      modelWrong: evaluated.body.model_wrong,
    };
  }

  it('create page, logged out: the guest talks to the model in the loop with a trial token', async () => {
    const { modelWrong, output } = await askTheModel(null, 'What a wonderful day!', 'negative');
    expect(output.label).toBe('positive');
    expect(modelWrong).toBe(true);
  });

  it('create page, logged in: the example is stored, then flagged, annotated and retracted', async () => {
    const me = await originalClient(d.t.app, writerToken).call({
      method: 'GET',
      path: `/users/${writerId}/badges`,
    });
    expect(me.status).toBe(200);
    expectFields(me.body, { id: 'number', settings_json: 'string|null' });

    const { api, t, context, endpoint, output, modelWrong } = await askTheModel(
      writerToken,
      'This is the worst film I have ever seen, I love it.',
      'neutral',
    );
    const stored = await api.call({
      method: 'POST',
      path: '/examples',
      data: {
        tid: t.id,
        rid: t.cur_round,
        cid: context.id,
        uid: writerId,
        input: {
          statement: 'This is the worst film I have ever seen, I love it.',
          label: 'neutral',
        },
        output,
        model_signature: output.signature,
        metadata: {},
        model_wrong: modelWrong,
        tag: null,
        model_endpoint_name: endpoint,
      },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expectFields(stored.body, { id: 'number', badges: 'string|null' });
    const id = stored.body.id as number;
    const row = await exampleRow(d.t.db, id);
    expect(row.mid).toBe(d.model.id);
    expect(row.model_endpoint_name).toBe(d.model.endpoint_name);

    const flagged = await api.call({
      method: 'PUT',
      path: `/examples/${id}`,
      data: { flagged: true },
    });
    expect(flagged.status).toBe(200);
    const annotated = await api.call({
      method: 'PUT',
      path: `/examples/${id}`,
      data: { metadata_json: JSON.stringify({ explanation: 'sarcasm' }) },
    });
    expect(annotated.status).toBe(200);
    expect(parsedObject(annotated.body.metadata_json)).toMatchObject({ explanation: 'sarcasm' });
    const retracted = await api.call({
      method: 'PUT',
      path: `/examples/${id}`,
      data: { retracted: true },
    });
    expect(retracted.status).toBe(200);
    expect(await exampleRow(d.t.db, id)).toMatchObject({ flagged: true, retracted: true });

    const read = await api.call({ method: 'GET', path: `/examples/${id}` });
    expect(read.status).toBe(200);
    expectFields(read.body, { id: 'number', input_json: 'string', output_json: 'string|null' });
    const metadata = await api.call({ method: 'GET', path: `/examples/${id}/metadata` });
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({ explanation: 'sarcasm' });
  });

  it('create page: the "retain input" setting is written back with the whole user object', async () => {
    const api = originalClient(d.t.app, writerToken);
    const user = (await api.call({ method: 'GET', path: `/users/${writerId}` })).body;
    const settings = user.settings_json ? parsedObject(user.settings_json) : {};
    settings.retain_input = true;
    user.settings_json = JSON.stringify(settings);
    const saved = await api.call({ method: 'PUT', path: `/users/${writerId}`, data: user });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await api.call({ method: 'GET', path: `/users/${writerId}/badges` });
    expect(parsedObject(again.body.settings_json)).toEqual({ retain_input: true });

    // The identity and role it carries cannot be changed that way.
    const sneaky = await api.call({
      method: 'PUT',
      path: `/users/${writerId}`,
      data: { ...user, admin: true },
    });
    expect(sneaky.status).toBe(400);
  });

  it('create page: on an ask-user example the author answers model_wrong false', async () => {
    const { api, t, context, endpoint, output } = await askTheModel(
      writerToken,
      'The service was fine, nothing more.',
      'neutral',
    );
    const stored = await api.call({
      method: 'POST',
      path: '/examples',
      data: {
        tid: t.id,
        rid: t.cur_round,
        cid: context.id,
        uid: writerId,
        input: { statement: 'The service was fine, nothing more.', label: 'neutral' },
        output,
        model_signature: output.signature,
        metadata: {},
        model_wrong: null,
        tag: null,
        model_endpoint_name: endpoint,
      },
    });
    expect(stored.status).toBe(200);
    const id = stored.body.id as number;
    // What an ask_user task stores: the model's answer, and no decision yet.
    await d.t.db.updateTable('examples').set({ model_wrong: null }).where('id', '=', id).execute();
    const answered = await api.call({
      method: 'PUT',
      path: `/examples/${id}`,
      data: { model_wrong: false },
    });
    expect(answered.status).toBe(200);
    expect((await exampleRow(d.t.db, id)).model_wrong).toBe(false);

    // The other answer, "the model was fooled", counts the example as fooling.
    await d.t.db.updateTable('examples').set({ model_wrong: null }).where('id', '=', id).execute();
    const before = await currentRound(d.t.db, d.sentiment);
    const fooled = await api.call({
      method: 'PUT',
      path: `/examples/${id}`,
      data: { model_wrong: true },
    });
    expect(fooled.status).toBe(200);
    expect((await exampleRow(d.t.db, id)).model_wrong).toBe(true);
    expect((await currentRound(d.t.db, d.sentiment)).total_fooled).toBe(before.total_fooled + 1);
    // Once it counts, the author cannot take it back.
    const back = await api.call({
      method: 'PUT',
      path: `/examples/${id}`,
      data: { model_wrong: false },
    });
    expect(back.status).toBe(409);
  });

  it('validate page: an example to validate, read as JSON strings, then validated', async () => {
    const writer = originalClient(d.t.app, writerToken);
    const { t, context, endpoint, output, modelWrong } = await askTheModel(
      writerToken,
      'Absolutely loved waiting two hours for a cold meal.',
      'negative',
    );
    expect(modelWrong).toBe(true);
    const stored = await writer.call({
      method: 'POST',
      path: '/examples',
      data: {
        tid: t.id,
        rid: t.cur_round,
        cid: context.id,
        uid: writerId,
        input: {
          statement: 'Absolutely loved waiting two hours for a cold meal.',
          label: 'negative',
        },
        output,
        model_signature: output.signature,
        metadata: {},
        model_wrong: modelWrong,
        tag: null,
        model_endpoint_name: endpoint,
      },
    });
    expect(stored.status).toBe(200);

    const api = originalClient(d.t.app, validatorToken);
    const owner = await api.call({ method: 'GET', path: `/tasks/admin_or_owner/${String(t.id)}` });
    expect(owner.body).toEqual({ admin_or_owner: false });
    const picked = await api.call({
      method: 'GET',
      path: `/examples/${String(t.id)}/${String(t.cur_round)}?tags=`,
    });
    expect(picked.status).toBe(200);
    expectFields(picked.body, {
      id: 'number',
      input_json: 'string',
      metadata_json: 'string',
      context: 'object',
      model_wrong: 'boolean|null',
    });
    const input = parsedObject(picked.body.input_json);
    expect(typeof input.statement).toBe('string');
    parsedObject(picked.body.metadata_json);
    const contextFields = parsedObject(
      (picked.body.context as Record<string, unknown>).context_json,
    );
    expect(typeof contextFields.context).toBe('string');

    const validated = await api.call({
      method: 'PUT',
      path: `/validations/${String(picked.body.id)}`,
      data: { label: 'correct', mode: 'user', metadata: {} },
    });
    expect(validated.status).toBe(200);
    expectFields(validated.body, { badges: 'string|null' });
  });

  it('validate page in owner mode: the filtered picker with the client’s "Any" ranges', async () => {
    const {
      api: writer,
      t,
      context,
      endpoint,
      output,
      modelWrong,
    } = await askTheModel(writerToken, 'Great, the train is late again.', 'negative');
    const stored = await writer.call({
      method: 'POST',
      path: '/examples',
      data: {
        tid: t.id,
        rid: t.cur_round,
        cid: context.id,
        uid: writerId,
        input: { statement: 'Great, the train is late again.', label: 'negative' },
        output,
        model_signature: output.signature,
        metadata: {},
        model_wrong: modelWrong,
        tag: null,
        model_endpoint_name: endpoint,
      },
    });
    expect(stored.status).toBe(200);
    const admin = await makeUser(d.t.db, { admin: true });
    const api = originalClient(d.t.app, await d.t.deps.tokens.signUser(admin));
    const picked = await api.call({
      method: 'GET',
      path: `/examples/${String(t.id)}/${String(t.cur_round)}/filtered/0/5/0/4?tags=`,
    });
    expect(picked.status).toBe(200);
    expectFields(picked.body, {
      id: 'number',
      input_json: 'string',
      metadata_json: 'string',
      model_wrong: 'boolean|null',
    });
    parsedObject((picked.body.context as Record<string, unknown>).context_json);
    const judged = await api.call({
      method: 'PUT',
      path: `/validations/${String(picked.body.id)}`,
      data: { label: 'flagged', mode: 'owner', metadata: {} },
    });
    expect(judged.status).toBe(200);
  });

  it('round.url holds only models this platform serves, each answering at its URL', async () => {
    const t = (await task(null)).body;
    const url = (t.round as { url: string }).url;
    for (const modelUrl of url.split('|')) {
      expect(pathOf(modelUrl)).toMatch(/^\/api\/models\/\d+\/predict\?model=ts-/);
    }
    expect(url).toContain(`/api/models/${String(d.model.id)}/predict`);
  });
});
