import { sql, type Kysely } from 'kysely';
import { type Insertable } from 'kysely';
import { type Database, type EvaluationRecordsTable } from '../../db/schema.js';

/** SQL of the evaluation queue: its rows are the truth, pg-boss only wakes workers up. */

type Trx = Kysely<Database>;

/** Takes a waiting job for this worker (one attempt more); undefined if another has it. */
export function claimJob(trx: Trx, jobId: number, workerId: string) {
  return trx
    .updateTable('evaluation_jobs')
    .set({
      status: 'evaluating',
      attempts: sql<number>`attempts + 1`,
      started_at: sql<Date>`now()`,
      heartbeat_at: sql<Date>`now()`,
      finished_at: null,
      worker_id: workerId,
      error: null,
      error_detail: null,
      failure_cause: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', jobId)
    .where('status', '=', 'pre_evaluation')
    .returningAll()
    .executeTakeFirst();
}

/** The lease of one attempt: the job is still this worker's, in this attempt. */
export interface Lease {
  jobId: number;
  workerId: string;
  attempt: number;
}

export async function heartbeat(db: Trx, lease: Lease): Promise<boolean> {
  const res = await db
    .updateTable('evaluation_jobs')
    .set({ heartbeat_at: sql<Date>`now()` })
    .where('id', '=', lease.jobId)
    .where('status', '=', 'evaluating')
    .where('worker_id', '=', lease.workerId)
    .where('attempts', '=', lease.attempt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends the attempt in the given state if the lease still holds; false if it was lost. */
export async function finishAttempt(
  trx: Trx,
  lease: Lease,
  outcome:
    | { status: 'completed'; runtimeMs: number }
    | {
        status: 'failed' | 'pre_evaluation';
        runtimeMs: number;
        error: string;
        detail: string;
        cause: 'platform' | 'submission';
      },
): Promise<boolean> {
  const failed = outcome.status !== 'completed';
  const res = await trx
    .updateTable('evaluation_jobs')
    .set({
      status: outcome.status,
      finished_at: outcome.status === 'pre_evaluation' ? null : sql<Date>`now()`,
      heartbeat_at: null,
      runtime_ms: outcome.runtimeMs,
      worker_id: outcome.status === 'pre_evaluation' ? null : lease.workerId,
      error: failed ? outcome.error : null,
      error_detail: failed ? outcome.detail : null,
      failure_cause: failed ? outcome.cause : null,
      retry_class: failed ? (outcome.cause === 'platform' ? 'retryable' : 'terminal') : null,
      ...(outcome.status === 'pre_evaluation' ? { queued_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', lease.jobId)
    .where('status', '=', 'evaluating')
    .where('worker_id', '=', lease.workerId)
    .where('attempts', '=', lease.attempt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Jobs whose worker stopped beating: back to the queue, or failed (a platform failure) once
 * they used every attempt.
 */
export async function releaseStaleJobs(db: Trx, staleMs: number) {
  const result = await sql<{ id: number; mid: number; did: number; status: string }>`
    UPDATE evaluation_jobs
    SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pre_evaluation' END,
        worker_id = NULL,
        heartbeat_at = NULL,
        queued_at = CASE WHEN attempts >= max_attempts THEN queued_at ELSE now() END,
        finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
        error = CASE WHEN attempts >= max_attempts
          THEN 'The evaluation stopped unexpectedly several times. It does not count against your submission limit.'
          ELSE NULL END,
        error_detail = 'worker heartbeat lost',
        failure_cause = CASE WHEN attempts >= max_attempts THEN 'platform' ELSE NULL END,
        retry_class = 'retryable',
        updated_at = now()
    WHERE status = 'evaluating'
      AND heartbeat_at < now() - make_interval(secs => ${staleMs / 1000})
    RETURNING id, mid, did, status`.execute(db);
  return result.rows;
}

/** Waiting jobs nobody took for a while (a lost wake-up): touched and returned to re-send. */
export async function touchUnclaimedJobs(db: Trx, olderThanMs: number) {
  const result = await sql<{ id: number }>`
    UPDATE evaluation_jobs SET updated_at = now()
    WHERE status = 'pre_evaluation'
      AND updated_at < now() - make_interval(secs => ${olderThanMs / 1000})
    RETURNING id`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Waiting jobs, oldest first (of one model; at most `limit`). */
export const waitingJobIds = async (db: Trx, mid?: number, limit?: number) =>
  (
    await db
      .selectFrom('evaluation_jobs')
      .select('id')
      .where('status', '=', 'pre_evaluation')
      .$if(mid !== undefined, (q) => q.where('mid', '=', mid!))
      .orderBy('queued_at')
      .orderBy('id')
      .$if(limit !== undefined, (q) => q.limit(limit!))
      .execute()
  ).map((r) => r.id);

export async function markQuotaExempt(trx: Trx, mid: number): Promise<void> {
  await trx.updateTable('models').set({ quota_exempt: true }).where('id', '=', mid).execute();
}

export interface ScoreWrite {
  mid: number;
  did: number;
  rRealid: number | null;
  perf: number;
  prettyPerf: string;
  perfStd: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  metadata: Record<string, unknown>;
  replicates: number[];
  rawOutputBlobKey: string | null;
  recordId: number;
}

/** One score per model × dataset: inserted, or replaced by a re-evaluation. */
export async function upsertScore(trx: Trx, s: ScoreWrite): Promise<void> {
  const values = {
    r_realid: s.rRealid,
    perf: s.perf,
    pretty_perf: s.prettyPerf,
    perf_std: s.perfStd,
    perf_ci_low: s.ciLow,
    perf_ci_high: s.ciHigh,
    metadata_json: JSON.stringify(s.metadata),
    bootstrap_replicates: s.replicates,
    raw_output_blob_key: s.rawOutputBlobKey,
    evaluation_record_id: s.recordId,
  };
  await trx
    .insertInto('scores')
    .values({ mid: s.mid, did: s.did, ...values })
    .onConflict((oc) =>
      oc.columns(['mid', 'did']).doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/** Mean runtime of recent completed jobs, and how many workers are busy now. */
export async function queueStatistics(db: Trx, staleMs: number) {
  const row = await sql<{ avg_ms: number | null; busy: number; workers: number }>`
    SELECT
      (SELECT avg(runtime_ms)::float8 FROM (
         SELECT runtime_ms FROM evaluation_jobs
         WHERE status = 'completed' AND runtime_ms IS NOT NULL
         ORDER BY finished_at DESC LIMIT 50) recent) AS avg_ms,
      (SELECT count(*)::int FROM evaluation_jobs WHERE status = 'evaluating') AS busy,
      (SELECT count(DISTINCT worker_id)::int FROM evaluation_jobs
         WHERE status = 'evaluating'
           AND heartbeat_at > now() - make_interval(secs => ${staleMs / 1000})) AS workers`.execute(
    db,
  );
  return row.rows[0]!;
}

/** The jobs of a model, each with its place among all waiting jobs (1 = next). */
export async function jobsOfModel(db: Trx, mid: number) {
  const result = await sql<{
    id: number;
    did: number;
    status: 'pre_evaluation' | 'evaluating' | 'completed' | 'failed';
    attempts: number;
    max_attempts: number;
    queued_at: Date;
    started_at: Date | null;
    finished_at: Date | null;
    error: string | null;
    failure_cause: 'platform' | 'submission' | null;
    queue_position: number | null;
  }>`
    SELECT j.id, j.did, j.status, j.attempts, j.max_attempts, j.queued_at, j.started_at,
           j.finished_at, j.error, j.failure_cause,
           CASE WHEN j.status = 'pre_evaluation' THEN (
             SELECT count(*)::int FROM evaluation_jobs w
             WHERE w.status = 'pre_evaluation' AND (w.queued_at, w.id) <= (j.queued_at, j.id))
           END AS queue_position
    FROM evaluation_jobs j WHERE j.mid = ${mid} ORDER BY j.did`.execute(db);
  return result.rows;
}

/** The model, dataset and task of a job (each undefined if it no longer exists). */
export async function evaluationSubject(db: Trx, mid: number, did: number) {
  const model = await db.selectFrom('models').selectAll().where('id', '=', mid).executeTakeFirst();
  const dataset = await db
    .selectFrom('datasets')
    .selectAll()
    .where('id', '=', did)
    .executeTakeFirst();
  const task = model
    ? await db.selectFrom('tasks').selectAll().where('id', '=', model.tid).executeTakeFirst()
    : undefined;
  return { model, dataset, task };
}

/** Whom to tell about an evaluation. */
export const ownerContact = (db: Trx, uid: number) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where('id', '=', uid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The id of round `rid` of a task, or null. */
export async function roundIdOf(db: Trx, tid: number, rid: number): Promise<number | null> {
  const row = await db
    .selectFrom('rounds')
    .select('id')
    .where('tid', '=', tid)
    .where('rid', '=', rid)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Adds the (immutable) record of how a score was computed; returns its id. */
export async function insertEvaluationRecord(
  trx: Trx,
  values: Insertable<EvaluationRecordsTable>,
): Promise<number> {
  const row = await trx
    .insertInto('evaluation_records')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
