import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

export async function roundHasContext(db: Kysely<Database>, roundId: number): Promise<boolean> {
  const hasContext = await db
    .selectFrom('contexts')
    .select('id')
    .where('r_realid', '=', roundId)
    .executeTakeFirst();
  return Boolean(hasContext);
}

/** One context without fields: what a task without context fields collects against. */
export async function insertEmptyContext(db: Kysely<Database>, roundId: number): Promise<void> {
  await db.insertInto('contexts').values({ r_realid: roundId, context_json: '{}' }).execute();
}
