import { sql, type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** Models whose predictions can be scored: deployed or evaluable ones, and prediction uploads. */
export const EVALUABLE_STATUSES = ['deployed', 'created', 'predictions_upload'] as const;

/**
 * The hook for the evaluation issue: marks every evaluable model of the dataset's task as to be
 * evaluated on it (pre_evaluation), in the caller's transaction. A re-uploaded dataset resets
 * earlier evaluations. The worker picks these rows up; returns how many were queued.
 */
export async function enqueueDatasetEvaluations(
  trx: Kysely<Database>,
  did: number,
): Promise<number> {
  const result = await sql<{ id: number }>`
    INSERT INTO evaluation_jobs (mid, did, status, attempts, queued_at)
    SELECT m.id, d.id, 'pre_evaluation', 0, now()
    FROM datasets d JOIN models m ON m.tid = d.tid
    WHERE d.id = ${did} AND m.deployment_status IN (${sql.join(EVALUABLE_STATUSES.map((s) => sql.lit(s)))})
    ON CONFLICT (mid, did) DO UPDATE
      SET status = 'pre_evaluation', attempts = 0, queued_at = now(), started_at = NULL,
          finished_at = NULL, heartbeat_at = NULL, error = NULL, error_detail = NULL
    RETURNING id`.execute(trx);
  return result.rows.length;
}
