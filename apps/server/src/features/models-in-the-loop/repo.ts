import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/**
 * The models of a task as the owner console lists them, with the rounds each is in the loop of:
 * all of them, only those that can be put in the loop, or one.
 */
export async function listTaskModels(
  db: Kysely<Database>,
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

/** The models a contributor can be served in the task's current round. */
export async function listCurrentLoopModels(
  db: Kysely<Database>,
  task: { id: number; cur_round: number },
) {
  return db
    .selectFrom('round_models_in_the_loop as l')
    .innerJoin('rounds as r', 'r.id', 'l.r_realid')
    .innerJoin('models as m', 'm.id', 'l.mid')
    .select(['m.id', 'm.name', 'm.light_model', 'm.endpoint_name'])
    .where('r.tid', '=', task.id)
    .where('r.rid', '=', task.cur_round)
    .where('m.is_published', '=', true)
    .where('m.deployment_status', '=', 'deployed')
    .where('m.light_model', 'is not', null)
    .where('m.endpoint_name', 'is not', null)
    .orderBy('m.id')
    .execute();
}

/** Of these model ids, those of published models of the task. */
export async function findPublishedModelIds(
  db: Kysely<Database>,
  tid: number,
  ids: number[],
): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('models')
    .select('id')
    .where('tid', '=', tid)
    .where('is_published', '=', true)
    .where('id', 'in', ids)
    .execute();
}

/** The round's loop becomes exactly these models. */
export async function replaceRoundLoop(
  trx: Kysely<Database>,
  roundId: number,
  ids: number[],
): Promise<void> {
  await trx.deleteFrom('round_models_in_the_loop').where('r_realid', '=', roundId).execute();
  if (ids.length)
    await trx
      .insertInto('round_models_in_the_loop')
      .values(ids.map((mid) => ({ r_realid: roundId, mid })))
      .execute();
}

/** The built-in models in the loop of a round that this platform serves, by id. */
export async function listServedLoopModels(db: Kysely<Database>, roundId: number) {
  return db
    .selectFrom('round_models_in_the_loop as l')
    .innerJoin('models as m', 'm.id', 'l.mid')
    .select(['m.id', 'm.endpoint_name'])
    .where('l.r_realid', '=', roundId)
    .where('m.kind', '=', 'builtin')
    .where('m.is_published', '=', true)
    .where('m.deployment_status', '=', 'deployed')
    .where('m.endpoint_name', 'is not', null)
    .orderBy('m.id')
    .execute();
}
