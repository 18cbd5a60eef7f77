import { type Kysely, sql } from 'kysely';

/** When a counter was last hit: failed logins are slowed down from it (platform/rate-limit.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE rate_limit_counters ADD COLUMN last_hit_at timestamptz NOT NULL DEFAULT now();
`.execute(db);
}
