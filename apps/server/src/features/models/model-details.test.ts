import { type ModelDetail } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { demoAdmin, demoTask } from '../../../test/collection.js';
import { datasetLines, evaluationDeps, multipartFiles } from '../../../test/evaluations.js';
import { makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { runEvaluationJob, runWaitingEvaluations } from '../evaluations/runner.js';
import { type UserRow } from '../../db/schema.js';

let t: TestApp;
let owner: UserRow;
let other: UserRow;
let scoringId: number;
let predictionsFile: Record<string, string>;
let taskId: number;

const auth = async (user: { id: number; username: string }) => ({
  authorization: `Bearer ${await t.deps.tokens.signUser(user)}`,
});
const get = async (url: string, user?: UserRow) =>
  t.app.inject({ method: 'GET', url, headers: user ? await auth(user) : {} });
const put = async (url: string, user: UserRow, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: await auth(user), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.db, t.storage, t.config.dataFolder);
  const sentiment = await demoTask(t.db, 'sentiment');
  taskId = sentiment.id;
  const scoring = await t.db
    .selectFrom('datasets')
    .selectAll()
    .where('tid', '=', sentiment.id)
    .where('access_type', '=', 'scoring')
    .executeTakeFirstOrThrow();
  scoringId = scoring.id;
  other = await makeUser(t.db);
  const lines = await datasetLines(t, scoring.id);
  predictionsFile = {
    [scoring.name]: lines.map((l) => JSON.stringify({ uid: l.uid, label: l.label })).join('\n'),
  };
});

/** A new owner's prediction-file model (each test has its own). */
async function submitted(evaluate: boolean): Promise<number> {
  owner = await makeUser(t.db);
  const body = multipartFiles(predictionsFile);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/models/upload_predictions/sentiment/first-try`,
    payload: body.payload,
    headers: { ...body.headers, ...(await auth(owner)) },
  });
  const mid = res.json<{ model_id: number }>().model_id;
  if (evaluate) await runWaitingEvaluations(evaluationDeps(t), mid);
  return mid;
}
afterAll(() => t.close());

describe('GET /models/{id}/details', () => {
  it('shows a waiting evaluation with its queue position, then the score once completed', async () => {
    const mid = await submitted(false);
    const waiting = await get(`/api/models/${mid}/details`, owner);
    expect(waiting.statusCode, waiting.body).toBe(200);
    const before = waiting.json<ModelDetail>();
    expect(before).toMatchObject({
      id: mid,
      name: 'first-try',
      uid: owner.id,
      username: owner.username,
      tid: taskId,
      task_code: 'sentiment',
      is_published: false,
      deployment_status: 'predictions_upload',
      leaderboard_scores: [],
      is_owner: true,
    });
    expect(before.leaderboard_evaluation_statuses).toHaveLength(1);
    expect(before.leaderboard_evaluation_statuses[0]).toMatchObject({
      dataset_id: scoringId,
      evaluation_status: 'pre_evaluation',
      attempts: 0,
    });
    expect(before.leaderboard_evaluation_statuses[0]!.queue_position).toBeGreaterThanOrEqual(1);

    await runWaitingEvaluations(evaluationDeps(t), mid);
    const after = (await get(`/api/models/${mid}/details`, owner)).json<ModelDetail>();
    expect(after.leaderboard_evaluation_statuses).toEqual([]);
    expect(after.evaluation_statuses[0]).toMatchObject({ evaluation_status: 'completed' });
    expect(after.leaderboard_scores).toHaveLength(1);
    const score = after.leaderboard_scores[0]!;
    expect(score).toMatchObject({
      accuracy: 100,
      did: scoringId,
      dataset_id: scoringId,
      round_id: 1,
    });
    expect(score.perf_std).toBe(0);
    expect(score.evaluation_record).toMatchObject({
      metric: 'macro_f1',
      perf: 100,
      bootstrap_replicates: 1000,
    });
    expect(Array.isArray(score.metadata_json.perf_by_tag)).toBe(true);
  });

  it('hides an unpublished model from others, and an anonymous owner from everyone but the owner', async () => {
    const mid = await submitted(true);
    expect((await get(`/api/models/${mid}/details`, other)).statusCode).toBe(404);
    expect((await get(`/api/models/${mid}/details`)).statusCode).toBe(404);
    const admin = await demoAdmin(t.db);
    expect((await get(`/api/models/${mid}/details`, admin)).json<ModelDetail>()).toMatchObject({
      is_task_admin: true,
      is_owner: false,
    });

    expect((await put(`/api/models/${mid}/update`, owner, { is_anonymous: true })).statusCode).toBe(
      200,
    );
    expect((await put(`/api/models/${mid}/revertstatus`, owner)).json()).toEqual({
      success: 'ok',
      is_published: true,
      badges: [],
    });
    const seen = (await get(`/api/models/${mid}/details`, other)).json<ModelDetail>();
    expect(seen).toMatchObject({ id: mid, uid: null, username: null, is_anonymous: true });
    expect((await get(`/api/models/${mid}/details`)).json<ModelDetail>().username).toBeNull();
    expect((await get(`/api/models/${mid}/details`, owner)).json<ModelDetail>().uid).toBe(owner.id);
  });
});

describe('owner edits', () => {
  it('updates every field, only for the owner', async () => {
    const mid = await submitted(true);
    const res = await put(`/api/models/${mid}/update`, owner, {
      name: 'renamed',
      description: 'A careful model',
      params: 1234,
      languages: 'en',
      license: 'MIT',
      source_url: 'https://example.org/m',
      model_card: '# Card',
      is_anonymous: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/models/${mid}/details`, owner)).json<ModelDetail>()).toMatchObject({
      name: 'renamed',
      longdesc: 'A careful model',
      params: 1234,
      languages: 'en',
      license: 'MIT',
      source_url: 'https://example.org/m',
      model_card: '# Card',
      is_anonymous: false,
    });
    // Unpublished: others do not even see it; published: they see it but cannot change it.
    expect((await put(`/api/models/${mid}/update`, other, { name: 'mine' })).statusCode).toBe(404);
    await put(`/api/models/${mid}/revertstatus`, owner);
    expect((await put(`/api/models/${mid}/update`, other, { name: 'mine' })).statusCode).toBe(403);
    expect((await put(`/api/models/${mid}/revertstatus`, other)).statusCode).toBe(403);
  });

  it('publishing needs a name; unpublishing works', async () => {
    const mid = await submitted(true);
    await put(`/api/models/${mid}/revertstatus`, owner);
    expect((await put(`/api/models/${mid}/revertstatus`, owner)).json()).toMatchObject({
      is_published: false,
    });
    await put(`/api/models/${mid}/update`, owner, { name: '' });
    const refused = await put(`/api/models/${mid}/revertstatus`, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toMatch(/name/);
    await put(`/api/models/${mid}/update`, owner, { name: 'named again' });
    expect((await put(`/api/models/${mid}/revertstatus`, owner)).json()).toMatchObject({
      is_published: true,
    });
  });
});

describe('logs and predictions', () => {
  it('the owner downloads them only where the dataset opens logs to users; task admins always; others never', async () => {
    const mid = await submitted(true);
    const log = `/api/models/latest_job_log/${mid}/${scoringId}`;
    const preds = `/api/models/predictions/${mid}/${scoringId}`;
    await t.db
      .updateTable('datasets')
      .set({ log_access_type: 'owner' })
      .where('id', '=', scoringId)
      .execute();
    const closed = await get(preds, owner);
    expect(closed.statusCode).toBe(403);
    expect(closed.json<{ error: string }>().error).toMatch(/task owners/);
    const admin = await demoAdmin(t.db);
    expect((await get(preds, admin)).statusCode).toBe(200);

    await t.db
      .updateTable('datasets')
      .set({ log_access_type: 'user' })
      .where('id', '=', scoringId)
      .execute();
    const file = await get(preds, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const first = JSON.parse(file.body.split('\n')[0]!) as { uid: string; label: string };
    expect(first).toHaveProperty('uid');
    const logRes = await get(log, owner);
    expect(logRes.statusCode).toBe(200);
    expect(logRes.body).toMatch(/macro_f1 = 100/);
    expect((await get(preds, other)).statusCode).toBe(404); // unpublished: not even visible
    await put(`/api/models/${mid}/revertstatus`, owner);
    expect((await get(preds, other)).statusCode).toBe(403);
    expect((await get(log, other)).statusCode).toBe(403);
  });
});

describe('GET /models/{id}/events', () => {
  it('streams status changes as server-sent events', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const builtin = await t.db
      .selectFrom('models')
      .select('id')
      .where('tid', '=', taskId)
      .where('kind', '=', 'builtin')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const job = await t.db
      .selectFrom('evaluation_jobs')
      .select('id')
      .where('mid', '=', builtin.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('evaluation_jobs')
      .set({ status: 'pre_evaluation' })
      .where('id', '=', job.id)
      .execute();
    const controller = new AbortController();
    onTestFinished(() => controller.abort());
    const res = await fetch(`${address}/api/models/${builtin.id}/events`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream' },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil(/event: ready/);
    await runEvaluationJob(evaluationDeps(t), job.id);
    await readUntil(/"status":"completed"/);
    expect(text).toMatch(/event: status\ndata: \{[^\n]*"status":"evaluating"/);
    expect(text).toMatch(/event: status\ndata: \{[^\n]*"status":"completed"/);
    controller.abort();

    const hidden = await fetch(`${address}/api/models/999999/events`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(hidden.status).toBe(404);
    // Without asking for a stream: the current statuses, once.
    const once = await t.app.inject({ method: 'GET', url: `/api/models/${builtin.id}/events` });
    expect(once.json()).toMatchObject({
      mid: builtin.id,
      statuses: expect.arrayContaining([{ did: expect.any(Number), status: 'completed' }]),
    });
  });
});
