import { type Kysely, sql } from 'kysely';

/** Fixed-window counters for rate limits, shared by every web process. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0)
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);
`.execute(db);
}
