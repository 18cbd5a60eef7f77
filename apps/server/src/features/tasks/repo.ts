import { type Kysely } from 'kysely';
import { type Database, type NewTask, type RoundRow, type TaskRow } from '../../db/schema.js';

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

export async function insertRound(
  db: Kysely<Database>,
  round: {
    tid: number;
    rid: number;
    secret: string;
    desc?: string | null;
    longdesc?: string | null;
  },
): Promise<RoundRow> {
  return db
    .insertInto('rounds')
    .values({
      tid: round.tid,
      rid: round.rid,
      secret: round.secret,
      desc: round.desc ?? null,
      longdesc: round.longdesc ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRound(
  db: Kysely<Database>,
  tid: number,
  rid: number,
): Promise<RoundRow | undefined> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('tid', '=', tid)
    .where('rid', '=', rid)
    .executeTakeFirst();
}

export async function addTaskOwner(db: Kysely<Database>, tid: number, uid: number): Promise<void> {
  await db
    .insertInto('task_user_permissions')
    .values({ tid, uid, type: 'owner' })
    .onConflict((oc) => oc.columns(['tid', 'uid', 'type']).doNothing())
    .execute();
}
