import { BUILTIN_MODELS } from '@dynaloop/models';
import { squadF1 } from '@dynaloop/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { demoAdmin, demoTask } from '../../../test/collection.js';
import { evaluationDeps, jobsOf, scoreRows } from '../../../test/evaluations.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { claimJob, finishAttempt } from './repo.js';
import { enqueueModelEvaluations } from './service.js';
import {
  drainEvaluations,
  runEvaluationJob,
  runWaitingEvaluations,
  sweepEvaluations,
} from './runner.js';

import { modelInputFields, parseTaskConfig } from '@dynaloop/contract';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.db, t.storage, t.config.dataFolder);
});
afterAll(() => t.close());

const builtinsOf = (tid: number) =>
  t.db
    .selectFrom('models')
    .selectAll()
    .where('tid', '=', tid)
    .where('kind', '=', 'builtin')
    .orderBy('id')
    .execute();

async function datasetLines(did: number) {
  const d = await t.db
    .selectFrom('datasets')
    .selectAll()
    .where('id', '=', did)
    .executeTakeFirstOrThrow();
  return (await t.storage.get(d.blob_key!))
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('the evaluation lifecycle', () => {
  it('the demo queues every baseline on every dataset of its task, and a worker completes them', async () => {
    const qa = await demoTask(t.db, 'qa');
    const [model] = await builtinsOf(qa.id);
    const datasets = await t.db
      .selectFrom('datasets')
      .select('id')
      .where('tid', '=', qa.id)
      .execute();
    // As the demo left it (another test may have run the queue already).
    await t.db.transaction().execute((trx) => enqueueModelEvaluations(trx, model!.id));
    const before = await jobsOf(t, model!.id);
    expect(before.map((j) => j.did).sort()).toEqual(datasets.map((d) => d.id).sort());
    expect(before.every((j) => j.status === 'pre_evaluation' && j.attempts === 0)).toBe(true);

    expect(await runWaitingEvaluations(evaluationDeps(t), model!.id)).toBe(datasets.length);
    const after = await jobsOf(t, model!.id);
    expect(after.every((j) => j.status === 'completed' && j.attempts === 1)).toBe(true);
    expect(after.every((j) => j.runtime_ms !== null && j.finished_at !== null)).toBe(true);

    // The score equals SQuAD F1 computed here from the dataset and the model's own answers.
    const task = await t.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', qa.id)
      .executeTakeFirstOrThrow();
    const config = parseTaskConfig(task.config_yaml);
    if (!config.ok) throw new Error('bad config');
    const fields = modelInputFields(config.config);
    const builtin = BUILTIN_MODELS[model!.builtin_name!]!;
    for (const job of after) {
      const lines = await datasetLines(job.did);
      const f1s = lines.map((l) => {
        const answer = builtin.predict(Object.fromEntries(fields.map((f) => [f, l[f]]))).answer;
        const gold = Array.isArray(l.answer) ? (l.answer as string[]) : [l.answer as string];
        return squadF1(String(answer), gold);
      });
      const expected = Math.round((10000 * f1s.reduce((a, b) => a + b, 0)) / f1s.length) / 100;
      const [score] = await scoreRows(t, model!.id, job.did);
      expect(score!.perf).toBeCloseTo(expected, 2);
      expect(score!.bootstrap_replicates).toHaveLength(1000);
      expect(score!.perf_ci_low!).toBeLessThanOrEqual(score!.perf!);
      expect(score!.perf_ci_high!).toBeGreaterThanOrEqual(score!.perf!);
      const record = await t.db
        .selectFrom('evaluation_records')
        .selectAll()
        .where('id', '=', score!.evaluation_record_id!)
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({
        mid: model!.id,
        did: job.did,
        n_examples: lines.length,
        metric: 'squad_f1',
      });
      expect(record.dataset_sha256).toMatch(/^[a-f0-9]{64}$/);
      expect(record.machine_json).toHaveProperty('hostname');
    }
  });

  it('paired replicates: every model on a dataset resamples the same examples', async () => {
    const nli = await demoTask(t.db, 'nli');
    const models = await builtinsOf(nli.id);
    await runWaitingEvaluations(evaluationDeps(t));
    const [first, second] = models;
    const records = await t.db
      .selectFrom('evaluation_records')
      .select(['mid', 'did', 'seed'])
      .where('mid', 'in', [first!.id, second!.id])
      .orderBy('did')
      .execute();
    const seedsByDid = new Map<number, Set<string>>();
    for (const r of records)
      seedsByDid.set(r.did, (seedsByDid.get(r.did) ?? new Set()).add(String(r.seed)));
    expect(seedsByDid.size).toBeGreaterThan(0);
    for (const seeds of seedsByDid.values()) expect(seeds.size).toBe(1);
  });

  it('evaluation records cannot be changed', async () => {
    await runWaitingEvaluations(evaluationDeps(t));
    const record = await t.db
      .selectFrom('evaluation_records')
      .select('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('evaluation_records').set({ perf: 0 }).where('id', '=', record.id).execute(),
    ).rejects.toThrow(/immutable/);
  });

  it('a job whose worker died is taken back, retried, and ends with exactly one score row', async () => {
    const hs = await demoTask(t.db, 'hs');
    const [model] = await builtinsOf(hs.id);
    const [job] = await jobsOf(t, model!.id);
    await t.db.deleteFrom('scores').where('mid', '=', model!.id).execute();
    await t.db
      .updateTable('evaluation_jobs')
      .set({ status: 'pre_evaluation', attempts: 0 })
      .where('id', '=', job!.id)
      .execute();
    // A worker claims it, then dies: its heartbeat stops.
    const dead = await claimJob(t.db, job!.id, 'dead-worker');
    expect(dead).toMatchObject({ status: 'evaluating', attempts: 1, worker_id: 'dead-worker' });
    const deps = evaluationDeps(t);
    expect(await sweepEvaluations(deps)).not.toContain(job!.id); // still fresh
    await t.db
      .updateTable('evaluation_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 60_000) })
      .where('id', '=', job!.id)
      .execute();
    expect(await sweepEvaluations(deps)).toContain(job!.id);
    expect((await jobsOf(t, model!.id)).find((j) => j.id === job!.id)).toMatchObject({
      status: 'pre_evaluation',
      attempts: 1,
      worker_id: null,
    });

    await runEvaluationJob(deps, job!.id);
    expect((await jobsOf(t, model!.id)).find((j) => j.id === job!.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
      worker_id: 'test-worker',
    });
    // The dead worker comes back and tries to finish its attempt: refused, nothing written twice.
    const late = await t.db
      .transaction()
      .execute((trx) =>
        finishAttempt(
          trx,
          { jobId: job!.id, workerId: 'dead-worker', attempt: 1 },
          { status: 'completed', runtimeMs: 1 },
        ),
      );
    expect(late).toBe(false);
    expect(await scoreRows(t, model!.id, job!.did)).toHaveLength(1);
  });

  it('after its last attempt a silent job fails as a platform failure that does not count against the quota', async () => {
    const sentiment = await demoTask(t.db, 'sentiment');
    const [model] = await builtinsOf(sentiment.id);
    const [job] = await jobsOf(t, model!.id);
    await t.db
      .updateTable('evaluation_jobs')
      .set({ status: 'pre_evaluation', attempts: 2, max_attempts: 3 })
      .where('id', '=', job!.id)
      .execute();
    await claimJob(t.db, job!.id, 'dead-worker');
    await t.db
      .updateTable('evaluation_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 60_000) })
      .where('id', '=', job!.id)
      .execute();
    expect(await sweepEvaluations(evaluationDeps(t))).not.toContain(job!.id);
    const failed = (await jobsOf(t, model!.id)).find((j) => j.id === job!.id)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, failure_cause: 'platform' });
    expect(failed.error).toMatch(/does not count against your submission limit/);
    const row = await t.db
      .selectFrom('models')
      .select('quota_exempt')
      .where('id', '=', model!.id)
      .executeTakeFirstOrThrow();
    expect(row.quota_exempt).toBe(true);
  });

  it('status changes are published to subscribers (LISTEN/NOTIFY)', async () => {
    const sentiment = await demoTask(t.db, 'sentiment');
    const [model] = await builtinsOf(sentiment.id);
    const [job] = await jobsOf(t, model!.id);
    await t.db
      .updateTable('evaluation_jobs')
      .set({ status: 'pre_evaluation', attempts: 0 })
      .where('id', '=', job!.id)
      .execute();
    const seen: string[] = [];
    const unsubscribe = await t.deps.events.subscribeModel(model!.id, (e) => seen.push(e.status));
    await runEvaluationJob(evaluationDeps(t), job!.id);
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['evaluating', 'completed']);
    unsubscribe();
  });
});

describe('draining', () => {
  it('a woken worker runs the waiting evaluations back to back, oldest first', async () => {
    const nli = await demoTask(t.db, 'nli');
    const models = await builtinsOf(nli.id);
    await t.db.transaction().execute(async (trx) => {
      for (const m of models) await enqueueModelEvaluations(trx, m.id);
    });
    const waiting = await t.db
      .selectFrom('evaluation_jobs')
      .select('id')
      .where('status', '=', 'pre_evaluation')
      .execute();
    expect(await drainEvaluations(evaluationDeps(t), 60_000)).toBe(waiting.length);
    const left = await t.db
      .selectFrom('evaluation_jobs')
      .select('id')
      .where('status', '=', 'pre_evaluation')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('datasets and scores', () => {
  it('deleting a dataset removes its scores and evaluations', async () => {
    const sentiment = await demoTask(t.db, 'sentiment');
    await runWaitingEvaluations(evaluationDeps(t));
    const standard = await t.db
      .selectFrom('datasets')
      .select('id')
      .where('tid', '=', sentiment.id)
      .where('access_type', '=', 'standard')
      .executeTakeFirstOrThrow();
    const scores = () =>
      t.db.selectFrom('scores').select('id').where('did', '=', standard.id).execute();
    expect((await scores()).length).toBeGreaterThanOrEqual(3);
    const admin = await demoAdmin(t.db);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/datasets/delete/${standard.id}`,
      headers: { authorization: `Bearer ${await t.deps.tokens.signUser(admin)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await scores()).toEqual([]);
    const jobs = await t.db
      .selectFrom('evaluation_jobs')
      .select('id')
      .where('did', '=', standard.id)
      .execute();
    expect(jobs).toEqual([]);
  });
});
