import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** Whether the user owns the task. */
export async function isTaskOwner(
  db: Kysely<Database>,
  tid: number,
  uid: number,
): Promise<boolean> {
  const owner = await db
    .selectFrom('task_user_permissions')
    .select('id')
    .where('tid', '=', tid)
    .where('uid', '=', uid)
    .where('type', '=', 'owner')
    .executeTakeFirst();
  return Boolean(owner);
}

export async function addTaskOwner(db: Kysely<Database>, tid: number, uid: number): Promise<void> {
  await db
    .insertInto('task_user_permissions')
    .values({ tid, uid, type: 'owner' })
    .onConflict((oc) => oc.columns(['tid', 'uid', 'type']).doNothing())
    .execute();
}

/** The owners of a task with an account, by username. */
export async function listOwners(
  db: Kysely<Database>,
  tid: number,
): Promise<Array<{ id: number; username: string }>> {
  return db
    .selectFrom('task_user_permissions as p')
    .innerJoin('users as u', 'u.id', 'p.uid')
    .select(['u.id', 'u.username'])
    .where('p.tid', '=', tid)
    .where('p.type', '=', 'owner')
    .where('u.deleted_at', 'is', null)
    .orderBy('u.username')
    .execute();
}

/** The owner ids of a task with an account, their permission rows locked (in a transaction). */
export async function lockOwnerIds(
  trx: Kysely<Database>,
  tid: number,
): Promise<Array<{ uid: number }>> {
  return trx
    .selectFrom('task_user_permissions as p')
    .innerJoin('users as u', 'u.id', 'p.uid')
    .select('p.uid')
    .where('p.tid', '=', tid)
    .where('p.type', '=', 'owner')
    .where('u.deleted_at', 'is', null)
    .forUpdate(['p'])
    .execute();
}

export async function removeTaskOwner(
  trx: Kysely<Database>,
  tid: number,
  uid: number,
): Promise<void> {
  await trx
    .deleteFrom('task_user_permissions')
    .where('tid', '=', tid)
    .where('uid', '=', uid)
    .where('type', '=', 'owner')
    .execute();
}

/** Adds an owner row; unlike addTaskOwner, a duplicate is an error. */
export async function insertTaskOwner(
  trx: Kysely<Database>,
  tid: number,
  uid: number,
): Promise<void> {
  await trx.insertInto('task_user_permissions').values({ tid, uid, type: 'owner' }).execute();
}
