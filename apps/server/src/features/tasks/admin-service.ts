import {
  describeConfigProblems,
  parseTaskConfig,
  type TaskConfig,
  type TaskUpdateBody,
} from '@dynaloop/contract';
import { isDeepStrictEqual } from 'node:util';
import { type Db } from '../../db/database.js';
import { type RoundRow, type TaskRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { newRoundSecret } from './service.js';

/** A configuration from an owner: verified, or a 400 listing each problem with its line. */
export function verifyConfig(yaml: string): TaskConfig {
  const result = parseTaskConfig(yaml);
  if (!result.ok) {
    throw errors.validation(
      `The task configuration is invalid: ${describeConfigProblems(result.problems)}`,
      result.problems.map((p) => ({
        path: `config_yaml${p.path ? `.${p.path}` : ''}${p.line ? `:${p.line}` : ''}`,
        message: p.message,
      })),
    );
  }
  return result.config;
}

const withoutAggregation = (c: TaskConfig) => ({ ...c, aggregation_metric: undefined });

export async function updateTaskSettings(
  db: Db,
  task: TaskRow,
  body: TaskUpdateBody,
): Promise<TaskRow> {
  if (body.config_yaml !== undefined) {
    const next = verifyConfig(body.config_yaml);
    if (task.active) {
      const current = parseTaskConfig(task.config_yaml);
      if (
        current.ok &&
        !isDeepStrictEqual(withoutAggregation(current.config), withoutAggregation(next))
      ) {
        throw errors.validation(
          'Once a task is active only the aggregation weights (aggregation_metric) may change',
          [
            {
              path: 'config_yaml',
              message: 'only aggregation_metric may differ from the active configuration',
            },
          ],
        );
      }
    }
  }
  if (body.name !== undefined && body.name.toLowerCase() !== task.name.toLowerCase()) {
    const taken = await db
      .selectFrom('tasks')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', body.name!.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw errors.conflict('A task with this name already exists');
  }
  return db
    .updateTable('tasks')
    .set({ ...body, last_updated: new Date() })
    .where('id', '=', task.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets the configuration once and activates the task; it becomes visible. A task without
 * context fields gets one empty context in its current round, so that collection can start.
 */
export async function activateTask(db: Db, task: TaskRow, yaml: string): Promise<TaskRow> {
  if (task.active)
    throw errors.conflict('This task is already active: change its settings instead');
  const config = verifyConfig(yaml);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('tasks')
      .set({ config_yaml: yaml, active: true, hidden: false, last_updated: new Date() })
      .where('id', '=', task.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (config.context.length === 0) {
      const round = await trx
        .selectFrom('rounds')
        .select('id')
        .where('tid', '=', task.id)
        .where('rid', '=', task.cur_round)
        .executeTakeFirst();
      if (round) {
        const hasContext = await trx
          .selectFrom('contexts')
          .select('id')
          .where('r_realid', '=', round.id)
          .executeTakeFirst();
        if (!hasContext)
          await trx
            .insertInto('contexts')
            .values({ r_realid: round.id, context_json: '{}' })
            .execute();
      }
    }
    return updated;
  });
}

/** Starts the next round; data collection moves to it. Contexts are not copied. */
export async function createNextRound(
  db: Db,
  tid: number,
  input: { desc?: string | null; longdesc?: string | null },
): Promise<RoundRow> {
  return db.transaction().execute(async (trx) => {
    const task = await trx
      .selectFrom('tasks')
      .select(['id', 'cur_round'])
      .where('id', '=', tid)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const rid = task.cur_round + 1;
    const round = await trx
      .insertInto('rounds')
      .values({
        tid,
        rid,
        secret: newRoundSecret(),
        desc: input.desc ?? `Round ${rid}`,
        longdesc: input.longdesc ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('tasks')
      .set({ cur_round: rid, last_updated: new Date() })
      .where('id', '=', tid)
      .execute();
    return round;
  });
}

export async function listOwners(
  db: Db,
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

/** Adds the user as an owner, or removes them; a task keeps at least one owner. */
export async function toggleOwner(db: Db, tid: number, username: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw errors.notFound(`User "${username}"`);
  await db.transaction().execute(async (trx) => {
    const owners = await trx
      .selectFrom('task_user_permissions as p')
      .innerJoin('users as u', 'u.id', 'p.uid')
      .select('p.uid')
      .where('p.tid', '=', tid)
      .where('p.type', '=', 'owner')
      .where('u.deleted_at', 'is', null)
      .forUpdate(['p'])
      .execute();
    if (owners.some((o) => o.uid === user.id)) {
      if (owners.length === 1) throw errors.conflict('A task needs at least one owner');
      await trx
        .deleteFrom('task_user_permissions')
        .where('tid', '=', tid)
        .where('uid', '=', user.id)
        .where('type', '=', 'owner')
        .execute();
    } else {
      await trx
        .insertInto('task_user_permissions')
        .values({ tid, uid: user.id, type: 'owner' })
        .execute();
    }
  });
}

/** Puts exactly these published models of the task in the loop of the round. */
export async function setModelsInTheLoop(
  db: Db,
  task: TaskRow,
  rid: number,
  modelIds: number[],
  longdesc?: string | null,
): Promise<void> {
  const round = await db
    .selectFrom('rounds')
    .select('id')
    .where('tid', '=', task.id)
    .where('rid', '=', rid)
    .executeTakeFirst();
  if (!round) throw errors.notFound('Round');
  const ids = [...new Set(modelIds)];
  if (ids.length) {
    const eligible = await db
      .selectFrom('models')
      .select('id')
      .where('tid', '=', task.id)
      .where('is_published', '=', true)
      .where('id', 'in', ids)
      .execute();
    const missing = ids.filter((id) => !eligible.some((m) => m.id === id));
    if (missing.length) {
      throw errors.badRequest(
        `Only published models of this task can be in the loop (not: ${missing.join(', ')})`,
      );
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('round_models_in_the_loop').where('r_realid', '=', round.id).execute();
    if (ids.length)
      await trx
        .insertInto('round_models_in_the_loop')
        .values(ids.map((mid) => ({ r_realid: round.id, mid })))
        .execute();
    if (longdesc !== undefined)
      await trx.updateTable('rounds').set({ longdesc }).where('id', '=', round.id).execute();
  });
}

/**
 * The models of a task as the owner console lists them, with the rounds each is in the loop of:
 * all of them, only those that can be put in the loop, or one.
 */
export async function listTaskModels(
  db: Db,
  tid: number,
  which: { loopEligible?: boolean; id?: number } = {},
) {
  let q = db
    .selectFrom('models as m')
    .leftJoin('users as u', 'u.id', 'm.uid')
    .select([
      'm.id',
      'm.name',
      'm.kind',
      'm.desc',
      'm.uid',
      'u.username',
      'u.deleted_at',
      'm.is_published',
      'm.is_anonymous',
      'm.deployment_status',
      'm.light_model',
    ])
    .where('m.tid', '=', tid);
  if (which.id !== undefined) q = q.where('m.id', '=', which.id);
  if (which.loopEligible) {
    q = q
      .where('m.is_published', '=', true)
      .where('m.deployment_status', '=', 'deployed')
      .where('m.light_model', 'is not', null);
  }
  const models = await q.orderBy('m.id').execute();
  const loops = models.length
    ? await db
        .selectFrom('round_models_in_the_loop as l')
        .innerJoin('rounds as r', 'r.id', 'l.r_realid')
        .select(['l.mid', 'r.rid'])
        .where(
          'l.mid',
          'in',
          models.map((m) => m.id),
        )
        .execute()
    : [];
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    kind: m.kind,
    desc: m.desc,
    uid: m.is_anonymous || m.deleted_at ? null : m.uid,
    username: m.is_anonymous || m.deleted_at ? null : m.username,
    is_published: m.is_published,
    deployment_status: m.deployment_status,
    light_model: m.light_model,
    rounds_in_the_loop: loops
      .filter((l) => l.mid === m.id)
      .map((l) => l.rid)
      .sort((a, b) => a - b),
  }));
}

/**
 * Per-round performance of the top 10 models (by mean perf over the scoring datasets tied to a
 * round): `[{round, "<model name>_<id>": perf}]`, sorted by round.
 */
export async function taskTrends(db: Db, task: TaskRow): Promise<Array<Record<string, number>>> {
  let q = db
    .selectFrom('scores as s')
    .innerJoin('datasets as d', 'd.id', 's.did')
    .innerJoin('models as m', 'm.id', 's.mid')
    .select(['m.id as mid', 'm.name', 'd.rid', 'd.weight', 's.perf'])
    .where('d.tid', '=', task.id)
    .where('d.access_type', '=', 'scoring')
    .where('d.rid', '>', 0)
    .where('s.perf', 'is not', null);
  if (!task.unpublished_models_in_leaderboard) q = q.where('m.is_published', '=', true);
  const rows = await q.execute();
  const byModel = new Map<
    number,
    { name: string; rounds: Map<number, { sum: number; w: number }>; total: number; n: number }
  >();
  for (const r of rows) {
    const m = byModel.get(r.mid) ?? { name: r.name, rounds: new Map(), total: 0, n: 0 };
    const w = r.weight ?? 5;
    const cell = m.rounds.get(r.rid) ?? { sum: 0, w: 0 };
    cell.sum += w * (r.perf ?? 0);
    cell.w += w;
    m.rounds.set(r.rid, cell);
    m.total += r.perf ?? 0;
    m.n++;
    byModel.set(r.mid, m);
  }
  const top = [...byModel.entries()]
    .sort((a, b) => b[1].total / b[1].n - a[1].total / a[1].n)
    .slice(0, 10);
  const rounds = [...new Set(rows.map((r) => r.rid))].sort((a, b) => a - b);
  return rounds.map((rid) => {
    const entry: Record<string, number> = { round: rid };
    for (const [mid, m] of top) {
      const cell = m.rounds.get(rid);
      if (cell && cell.w > 0)
        entry[`${m.name}_${mid}`] = Math.round((cell.sum / cell.w) * 100) / 100;
    }
    return entry;
  });
}
