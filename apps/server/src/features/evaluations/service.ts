import { sql, type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';
import { type Logger } from '../../platform/logger.js';
import { type JobQueue } from '../../platform/queue.js';
import { jobsOfModel, queueStatistics } from './repo.js';

export const jobLogKey = (mid: number, did: number) => `evaluation-logs/${mid}/${did}.log`;

/**
 * Wakes workers for evaluation rows that are committed (call after the transaction that made
 * them); a lost wake-up is repaired by the worker's sweep.
 */
export async function dispatchEvaluations(
  queue: JobQueue,
  db: Kysely<Database>,
  jobIds: number[],
  log: Logger,
): Promise<void> {
  for (const jobId of jobIds) {
    await queue.enqueue(db, 'evaluation.run', { jobId }).catch((err: unknown) => {
      log.warn({ err, jobId }, 'could not enqueue an evaluation; the sweep will resend it');
    });
  }
}

/** Models whose predictions can be scored: deployed or evaluable ones, and prediction uploads. */
export const EVALUABLE_STATUSES = ['deployed', 'created', 'predictions_upload'] as const;

const RESET = sql`status = 'pre_evaluation', attempts = 0, queued_at = now(), started_at = NULL,
          finished_at = NULL, heartbeat_at = NULL, error = NULL, error_detail = NULL,
          failure_cause = NULL, retry_class = NULL, runtime_ms = NULL, worker_id = NULL,
          updated_at = now()`;

/**
 * Marks every evaluable model of the dataset's task as to be evaluated on it (pre_evaluation),
 * in the caller's transaction. A re-uploaded dataset resets earlier evaluations. Returns the
 * ids of the queued jobs: send them to the workers once the transaction has committed.
 */
export async function enqueueDatasetEvaluations(
  trx: Kysely<Database>,
  did: number,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    INSERT INTO evaluation_jobs (mid, did, status, attempts, queued_at)
    SELECT m.id, d.id, 'pre_evaluation', 0, now()
    FROM datasets d JOIN models m ON m.tid = d.tid
    WHERE d.id = ${did} AND m.deployment_status IN (${sql.join(EVALUABLE_STATUSES.map((s) => sql.lit(s)))})
      AND (m.kind <> 'predictions' OR EXISTS (
        SELECT 1 FROM model_prediction_files f WHERE f.mid = m.id AND f.did = d.id))
    ORDER BY m.id
    ON CONFLICT (mid, did) DO UPDATE SET ${RESET}
    RETURNING id`.execute(trx);
  return result.rows.map((r) => r.id);
}

/**
 * Queues a model on every dataset of its task (a file submission: on the datasets it sent a
 * file for), in the caller's transaction. Returns the job ids to send after commit.
 */
export async function enqueueModelEvaluations(
  trx: Kysely<Database>,
  mid: number,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    INSERT INTO evaluation_jobs (mid, did, status, attempts, queued_at)
    SELECT m.id, d.id, 'pre_evaluation', 0, now()
    FROM models m JOIN datasets d ON d.tid = m.tid
    WHERE m.id = ${mid}
      AND (m.kind <> 'predictions' OR EXISTS (
        SELECT 1 FROM model_prediction_files f WHERE f.mid = m.id AND f.did = d.id))
    ORDER BY d.id
    ON CONFLICT (mid, did) DO UPDATE SET ${RESET}
    RETURNING id`.execute(trx);
  return result.rows.map((r) => r.id);
}

export interface EvaluationProgress {
  did: number;
  status: 'pre_evaluation' | 'evaluating' | 'completed' | 'failed';
  attempts: number;
  queue_position: number | null;
  eta_seconds: number | null;
  message: string | null;
  counts_against_quota: boolean;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * Where each evaluation of a model stands. The ETA comes from the mean runtime of the last
 * completed jobs: the jobs ahead in the queue shared among the busy workers, plus this one.
 */
export async function evaluationProgress(
  db: Kysely<Database>,
  mid: number,
  staleMs: number,
): Promise<EvaluationProgress[]> {
  const jobs = await jobsOfModel(db, mid);
  const pending = jobs.some((j) => j.status === 'pre_evaluation' || j.status === 'evaluating');
  const stats = pending ? await queueStatistics(db, staleMs) : undefined;
  const now = Date.now();
  return jobs.map((j) => {
    let eta: number | null = null;
    const avg = stats?.avg_ms;
    if (avg !== null && avg !== undefined) {
      if (j.status === 'pre_evaluation' && j.queue_position !== null) {
        const workers = Math.max(1, stats!.workers);
        eta = Math.ceil(((j.queue_position - 1) / workers) * (avg / 1000) + avg / 1000);
      } else if (j.status === 'evaluating' && j.started_at) {
        eta = Math.max(0, Math.ceil((avg - (now - j.started_at.getTime())) / 1000));
      }
    }
    return {
      did: j.did,
      status: j.status,
      attempts: j.attempts,
      queue_position: j.queue_position,
      eta_seconds: eta,
      message: j.error,
      counts_against_quota: j.failure_cause !== 'platform',
      queued_at: j.queued_at.toISOString(),
      started_at: j.started_at?.toISOString() ?? null,
      finished_at: j.finished_at?.toISOString() ?? null,
    };
  });
}
