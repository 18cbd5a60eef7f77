import { type Kysely } from 'kysely';
import {
  type Database,
  type NewTask,
  type RoundRow,
  type TaskRow,
  type TaskUpdate,
} from '../../db/schema.js';

export type TaskWithRound = TaskRow & { round: RoundRow | null };

export interface TaskListFilter {
  activeOnly?: boolean;
  submitableOnly?: boolean;
}

/** Visible tasks, each with its current round, ordered for display. */
export async function listVisibleTasksWithRound(
  db: Kysely<Database>,
  filter: TaskListFilter = {},
): Promise<TaskWithRound[]> {
  let q = db.selectFrom('tasks').selectAll().where('hidden', '=', false);
  if (filter.activeOnly) q = q.where('active', '=', true);
  if (filter.submitableOnly) q = q.where('submitable', '=', true);
  const tasks = await q.orderBy('challenge_type').orderBy('id').execute();
  if (tasks.length === 0) return [];
  const rounds = await db
    .selectFrom('rounds')
    .innerJoin('tasks', (join) =>
      join.onRef('tasks.id', '=', 'rounds.tid').onRef('tasks.cur_round', '=', 'rounds.rid'),
    )
    .selectAll('rounds')
    .where(
      'rounds.tid',
      'in',
      tasks.map((t) => t.id),
    )
    .execute();
  const byTask = new Map(rounds.map((r) => [r.tid, r]));
  return tasks.map((t) => ({ ...t, round: byTask.get(t.id) ?? null }));
}

export async function findTaskByCode(
  db: Kysely<Database>,
  taskCode: string,
): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['task_code']), '=', taskCode.toLowerCase()))
    .executeTakeFirst();
}

/** By numeric id or by task code (case-insensitive). */
export async function findTask(
  db: Kysely<Database>,
  idOrCode: string | number,
): Promise<TaskRow | undefined> {
  const asId =
    typeof idOrCode === 'number' ? idOrCode : /^\d+$/.test(idOrCode) ? Number(idOrCode) : undefined;
  if (asId !== undefined && asId <= 2_147_483_647) {
    const byId = await db.selectFrom('tasks').selectAll().where('id', '=', asId).executeTakeFirst();
    if (byId) return byId;
  }
  return findTaskByCode(db, String(idOrCode));
}

export async function insertTask(db: Kysely<Database>, task: NewTask): Promise<TaskRow> {
  return db.insertInto('tasks').values(task).returningAll().executeTakeFirstOrThrow();
}

/** A task by its numeric id; it must exist. */
export async function getTask(db: Kysely<Database>, id: number): Promise<TaskRow> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Whether a task already has this name (case-insensitive). */
export async function taskNameTaken(db: Kysely<Database>, name: string): Promise<boolean> {
  const taken = await db
    .selectFrom('tasks')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return Boolean(taken);
}

/** Changes a task; last_updated moves to now. */
export async function updateTask(
  db: Kysely<Database>,
  id: number,
  change: TaskUpdate,
): Promise<TaskRow> {
  return db
    .updateTable('tasks')
    .set({ ...change, last_updated: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The task's current round number, its row locked until the transaction ends. */
export async function lockTaskRound(
  trx: Kysely<Database>,
  id: number,
): Promise<{ id: number; cur_round: number }> {
  return trx
    .selectFrom('tasks')
    .select(['id', 'cur_round'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setCurrentRound(
  trx: Kysely<Database>,
  id: number,
  rid: number,
): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ cur_round: rid, last_updated: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Stores the hash of the task's crowd credential, or removes it (null). */
export async function setCrowdTokenHash(
  db: Kysely<Database>,
  id: number,
  hash: string | null,
): Promise<void> {
  await db.updateTable('tasks').set({ crowd_token_hash: hash }).where('id', '=', id).execute();
}
