import { type PageQuery } from '@dynaloop/contract';
import { type Kysely, type Updateable } from 'kysely';
import { type Database, type UserRow, type UsersTable } from '../../db/schema.js';

const count = (n: { n: string | number | bigint } | undefined) => Number(n?.n ?? 0);

/** `offset` is a page index, as in the original API. */
const window = (q: PageQuery) => ({ limit: q.limit, offset: q.offset * q.limit });

export async function listUserModels(
  db: Kysely<Database>,
  uid: number,
  q: PageQuery,
  publicOnly: boolean,
) {
  let base = db
    .selectFrom('models')
    .innerJoin('tasks', 'tasks.id', 'models.tid')
    .where('models.uid', '=', uid);
  if (publicOnly)
    base = base.where('models.is_published', '=', true).where('models.is_anonymous', '=', false);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const { limit, offset } = window(q);
  const rows = await base
    .select([
      'models.id',
      'models.name',
      'models.is_published',
      'tasks.id as task_id',
      'tasks.task_code',
      'tasks.name as task_name',
    ])
    .orderBy('models.upload_datetime', 'desc')
    .orderBy('models.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    count: count(total),
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      is_published: r.is_published,
      task: { id: r.task_id, task_code: r.task_code, name: r.task_name },
    })),
  };
}

export async function listUserTasks(db: Kysely<Database>, uid: number, q: PageQuery) {
  const base = db
    .selectFrom('tasks')
    .innerJoin('task_user_permissions as p', 'p.tid', 'tasks.id')
    .where('p.uid', '=', uid)
    .where('p.type', '=', 'owner');
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const { limit, offset } = window(q);
  const rows = await base
    .select(['tasks.id', 'tasks.task_code', 'tasks.name', 'tasks.desc', 'tasks.active'])
    .orderBy('tasks.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: count(total), data: rows };
}

async function listViews(
  db: Kysely<Database>,
  table: 'leaderboard_configurations' | 'leaderboard_snapshots',
  uid: number,
  q: PageQuery,
) {
  const base = db
    .selectFrom(table)
    .innerJoin('tasks', 'tasks.id', `${table}.tid`)
    .where(`${table}.uid`, '=', uid);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const { limit, offset } = window(q);
  const rows = await base
    .select([
      `${table}.name`,
      `${table}.desc`,
      `${table}.create_datetime`,
      `${table}.tid`,
      'tasks.task_code',
    ])
    .orderBy(`${table}.create_datetime`, 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    count: count(total),
    data: rows.map((r) => ({
      name: r.name,
      desc: r.desc,
      create_datetime: r.create_datetime.toISOString(),
      tid: r.tid,
      task: { task_code: r.task_code },
    })),
  };
}

export const listUserForks = (db: Kysely<Database>, uid: number, q: PageQuery) =>
  listViews(db, 'leaderboard_configurations', uid, q);
export const listUserSnapshots = (db: Kysely<Database>, uid: number, q: PageQuery) =>
  listViews(db, 'leaderboard_snapshots', uid, q);

/** An account's id by username (case-insensitive); deleted accounts are not found. */
export async function findActiveUserIdByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The id and username of an account, which must exist. */
export async function getUserName(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; username: string }> {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Whether an account (deleted ones too) has this username, case-insensitively. */
export async function usernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return Boolean(taken);
}

/** Changes an account; updated_at moves to now. */
export async function updateUser(
  db: Kysely<Database>,
  id: number,
  change: Updateable<UsersTable>,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setAvatarUrl(
  db: Kysely<Database>,
  id: number,
  avatarUrl: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ avatar_url: avatarUrl, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
