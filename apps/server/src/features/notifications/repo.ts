import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** One page of a user's notifications, newest first, and how many they have in all. */
export async function listNotifications(
  db: Kysely<Database>,
  uid: number,
  page: { limit: number; offset: number },
) {
  const total = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('uid', '=', uid)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'type', 'message', 'created', 'seen'])
    .where('uid', '=', uid)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset * page.limit)
    .execute();
  return { count: Number(total?.n ?? 0), rows };
}

/** Marks every notification of the user seen, and their unseen count 0, together. */
export async function markAllSeen(db: Kysely<Database>, uid: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notifications')
      .set({ seen: true })
      .where('uid', '=', uid)
      .where('seen', '=', false)
      .execute();
    await trx.updateTable('users').set({ unseen_notifications: 0 }).where('id', '=', uid).execute();
  });
}
