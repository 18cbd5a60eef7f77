import { type Db } from '../../db/database.js';
import { errors } from '../../platform/errors.js';
import { findActiveUserIdByUsername } from '../users/repo.js';
import { insertTaskOwner, lockOwnerIds, removeTaskOwner } from './repo.js';

/** Adds the user as an owner, or removes them; a task keeps at least one owner. */
export async function toggleOwner(db: Db, tid: number, username: string): Promise<void> {
  const user = await findActiveUserIdByUsername(db, username);
  if (!user) throw errors.notFound(`User "${username}"`);
  await db.transaction().execute(async (trx) => {
    const owners = await lockOwnerIds(trx, tid);
    if (owners.some((o) => o.uid === user.id)) {
      if (owners.length === 1) throw errors.conflict('A task needs at least one owner');
      await removeTaskOwner(trx, tid, user.id);
    } else {
      await insertTaskOwner(trx, tid, user.id);
    }
  });
}
