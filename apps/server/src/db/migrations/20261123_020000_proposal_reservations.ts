import { type Kysely, sql } from 'kysely';

/**
 * A pending proposal reserves its task code and name for its author only (so that nobody can
 * squat a name by proposing it); the task, once accepted, reserves them for everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX task_proposals_pending_code_key;
DROP INDEX task_proposals_pending_name_key;
CREATE UNIQUE INDEX task_proposals_pending_code_key ON task_proposals (uid, lower(task_code)) WHERE status = 'pending';
CREATE UNIQUE INDEX task_proposals_pending_name_key ON task_proposals (uid, lower(name)) WHERE status = 'pending';
`.execute(db);
}
