import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** The badges of a user, in the order they were awarded. */
export async function listUserBadges(db: Kysely<Database>, uid: number) {
  return db
    .selectFrom('badges')
    .select(['name', 'awarded'])
    .where('uid', '=', uid)
    .orderBy('awarded')
    .execute();
}
