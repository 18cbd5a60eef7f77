import { type Kysely } from 'kysely';
import { type Database, type TaskRow } from '../../db/schema.js';

/** Every score of a model on a scoring dataset tied to a round (published models only, unless the task shows unpublished ones). */
export async function listRoundScores(db: Kysely<Database>, task: TaskRow) {
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
  return q.execute();
}
