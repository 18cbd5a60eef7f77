import { sql, type Kysely } from 'kysely';
import { type Database, type ModelRow } from '../../db/schema.js';

export async function findModel(db: Kysely<Database>, id: number): Promise<ModelRow | undefined> {
  return db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Notes an interaction with the model; at most one write a minute. */
export async function touchModelInteraction(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('models')
    .set({ last_interaction_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_interaction_at', 'is', null),
        eb('last_interaction_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
