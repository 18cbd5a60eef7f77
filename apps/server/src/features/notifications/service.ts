import { sql, type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** Adds a notification and counts it as unseen, in the caller's transaction. */
export async function notify(
  trx: Kysely<Database>,
  uid: number,
  type: string,
  message: string,
  metadata: Record<string, unknown> = {},
): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({ uid, type, message, metadata_json: JSON.stringify(metadata) })
    .execute();
  await trx
    .updateTable('users')
    .set({ unseen_notifications: sql`unseen_notifications + 1` })
    .where('id', '=', uid)
    .execute();
}
