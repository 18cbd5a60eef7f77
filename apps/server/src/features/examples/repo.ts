import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** An example with its context and round number. */
export async function findExampleWithContext(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('examples as e')
    .innerJoin('contexts as c', 'c.id', 'e.cid')
    .innerJoin('rounds as r', 'r.id', 'e.r_realid')
    .selectAll('e')
    .select(['c.context_json', 'r.rid'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** The task an example belongs to. */
export async function findExampleTask(
  db: Kysely<Database>,
  id: number,
): Promise<{ tid: number } | undefined> {
  return db.selectFrom('examples').select(['tid']).where('id', '=', id).executeTakeFirst();
}
