import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { demoTask } from '../../../test/collection.js';
import {
  datasetLines,
  evaluationDeps,
  jobsOf,
  multipartFiles,
  referenceMacroF1,
  scoreRows,
} from '../../../test/evaluations.js';
import { makeTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { runWaitingEvaluations } from '../evaluations/runner.js';

let t: TestApp;
let sentiment: { id: number; task_code: string };
let scoring: { id: number; name: string };
let standard: { id: number; name: string };
let gold: Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.db, t.storage, t.config.dataFolder);
  sentiment = await demoTask(t.db, 'sentiment');
  const datasets = await t.db
    .selectFrom('datasets')
    .select(['id', 'name', 'access_type'])
    .where('tid', '=', sentiment.id)
    .execute();
  scoring = datasets.find((d) => d.access_type === 'scoring')!;
  standard = datasets.find((d) => d.access_type === 'standard')!;
  gold = await datasetLines(t, scoring.id);
});
afterAll(() => t.close());

const auth = async (user: { id: number; username: string }) => ({
  authorization: `Bearer ${await t.deps.tokens.signUser(user)}`,
});
const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

async function submit(
  user: { id: number; username: string },
  files: Record<string, string>,
  name = 'my-predictions',
  task: string | number = sentiment.id,
) {
  const body = multipartFiles(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/models/upload_predictions/${task}/${name}`,
    payload: body.payload,
    headers: { ...body.headers, ...(await auth(user)) },
  });
}

const modelsOf = (uid: number) =>
  t.db.selectFrom('models').selectAll().where('uid', '=', uid).orderBy('id').execute();
const uploadedBlobs = async () => {
  const dir = `predictions/sentiment/uploads`;
  return (await t.storage.exists(dir))
    ? (await import('node:fs/promises')).readdir(`${t.tmpDir}/blobs/${dir}`)
    : [];
};

describe('POST /models/upload_predictions/{task}/{name}', () => {
  it('a bad line gives a line-numbered error and nothing is stored', async () => {
    const user = await makeUser(t.db);
    const blobsBefore = await uploadedBlobs();
    const rows = gold.map((g) => ({ uid: g.uid, label: g.label }));
    rows[2] = { uid: rows[2]!.uid, label: 'ecstatic' };
    const res = await submit(user, { [scoring.name]: jsonl(rows) });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; details: Array<{ path: string; message: string }> }>();
    expect(body.details).toContainEqual({
      path: `${scoring.name} line 3.label`,
      message: 'must be one of negative, positive, neutral',
    });
    expect(await modelsOf(user.id)).toEqual([]);
    expect(await uploadedBlobs()).toEqual(blobsBefore);
  });

  it('names a uid with no prediction, a uid with two, and a uid the dataset does not have', async () => {
    const user = await makeUser(t.db);
    const rows = gold.map((g) => ({ uid: g.uid, label: g.label }));
    const missing = rows.pop()!;
    const res = await submit(user, { [scoring.name]: jsonl(rows) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(`"${String(missing.uid)}"`);

    const twice = await submit(user, { [scoring.name]: jsonl([...rows, missing, rows[0]!]) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error: string }>().error).toContain(
      `uid "${String(rows[0]!.uid)}" has a second prediction`,
    );

    const stranger = await submit(user, {
      [scoring.name]: jsonl([...rows, missing, { uid: 'not-a-uid', label: 'neutral' }]),
    });
    expect(stranger.json<{ error: string }>().error).toContain(
      `uid "not-a-uid" is not in ${scoring.name}`,
    );
    expect(await modelsOf(user.id)).toEqual([]);
  });

  it('needs a file for every scoring dataset, and only files of the task’s datasets', async () => {
    const user = await makeUser(t.db);
    const standardGold = await datasetLines(t, standard.id);
    const res = await submit(user, {
      [standard.name]: jsonl(standardGold.map((g) => ({ uid: g.uid, label: g.label }))),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(scoring.name);
    const unknown = await submit(user, { 'no-such-dataset': jsonl([]) });
    expect(unknown.json<{ error: string }>().error).toContain('no-such-dataset is not a dataset');
  });

  it('stores a good file, creates the model as predictions_upload, and scores it by the task metric', async () => {
    const user = await makeUser(t.db);
    const preds = gold.map((g, i) => ({
      uid: g.uid,
      label: i % 3 === 0 ? 'positive' : (g.label as string),
    }));
    const res = await submit(user, { [scoring.name]: jsonl(preds) }, 'mostly-right');
    expect(res.statusCode, res.body).toBe(200);
    const { model_id: mid, evaluations_queued } = res.json<{
      model_id: number;
      evaluations_queued: number;
    }>();
    expect(evaluations_queued).toBe(1);
    const [model] = await modelsOf(user.id);
    expect(model).toMatchObject({
      id: mid,
      name: 'mostly-right',
      kind: 'predictions',
      deployment_status: 'predictions_upload',
      is_published: false,
    });
    expect(model!.endpoint_name).toMatch(/^ts\d+-\d+-mostly-right$/);
    expect((await jobsOf(t, mid)).map((j) => [j.did, j.status])).toEqual([
      [scoring.id, 'pre_evaluation'],
    ]);

    await runWaitingEvaluations(evaluationDeps(t), mid);
    expect((await jobsOf(t, mid))[0]!.status).toBe('completed');
    const [score] = await scoreRows(t, mid);
    expect(score!.perf).toBe(
      referenceMacroF1(
        gold.map((g) => g.label as string),
        preds.map((p) => p.label),
      ),
    );
    const record = await t.db
      .selectFrom('evaluation_records')
      .selectAll()
      .where('id', '=', score!.evaluation_record_id!)
      .executeTakeFirstOrThrow();
    expect(record.submission_sha256).toMatch(/^[a-f0-9]{64}$/);
    // The owner got a notification and a mail (through the mail job).
    await t.runJobs();
    const mails = await t.db
      .selectFrom('outbox_mails')
      .selectAll()
      .where('uid', '=', user.id)
      .execute();
    expect(mails.map((m) => m.template)).toEqual(['model_evaluation_completed']);
    const notes = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('uid', '=', user.id)
      .execute();
    expect(notes.map((n) => n.type)).toEqual(['MODEL_EVALUATION_STATUS']);
  });

  it('refuses the fourth submission in 24 hours with when the next is possible; platform failures do not count', async () => {
    const user = await makeUser(t.db);
    const good = { [scoring.name]: jsonl(gold.map((g) => ({ uid: g.uid, label: g.label }))) };
    for (let i = 0; i < 3; i++) expect((await submit(user, good, `m${i}`)).statusCode).toBe(200);
    const refused = await submit(user, good, 'm3');
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{
      error: string;
      details: Array<{ path: string; message: string }>;
    }>();
    expect(body.error).toBe('Submission limit reached');
    const first = (await modelsOf(user.id))[0]!;
    const next = new Date(first.upload_datetime.getTime() + 24 * 3600_000).toISOString();
    expect(body.details[0]).toMatchObject({ path: 'next_submission_at' });
    expect(body.details[0]!.message).toContain(next);
    expect(await modelsOf(user.id)).toHaveLength(3);

    await t.db
      .updateTable('models')
      .set({ quota_exempt: true })
      .where('id', '=', first.id)
      .execute();
    expect((await submit(user, good, 'm4')).statusCode).toBe(200);
  });

  it('only tasks that accept prediction files, and only logged-in users', async () => {
    const user = await makeUser(t.db);
    const { task } = await makeTask(t.db, { has_predictions_upload: false });
    const res = await submit(user, { x: jsonl([]) }, 'n', task.id);
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/models/upload_predictions/${sentiment.id}/x`,
      ...multipartFiles({ [scoring.name]: jsonl([]) }),
    });
    expect(anon.statusCode).toBe(401);
  });
});
