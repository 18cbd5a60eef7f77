import { sql } from 'kysely';
import { type Db } from '../../db/database.js';
import { type TaskRow } from '../../db/schema.js';

export type PickMethod = 'min' | 'uniform' | 'least_fooled' | 'validation_failed';

/**
 * Chooses the context a contributor writes for (reference facts §6.1), among the round's
 * contexts with one of the tags when tags are given:
 * - `min`: least used first, ties at random (spreads work evenly);
 * - `uniform`: at random;
 * - `least_fooled`: fewest examples that fooled the model first, then at random;
 * - `validation_failed`: at random among contexts where no example is pending or verified
 *   correct, and at least one failed validation (N incorrect or N flagged).
 */
export async function pickContext(
  db: Db,
  task: TaskRow,
  roundId: number,
  method: PickMethod,
  tags: string[],
) {
  let q = db.selectFrom('contexts as c').selectAll('c').where('c.r_realid', '=', roundId);
  if (tags.length) q = q.where('c.tag', 'in', tags);
  const n = task.num_matching_validations;
  switch (method) {
    case 'min':
      q = q.orderBy('c.total_used').orderBy(sql`random()`);
      break;
    case 'uniform':
      q = q.orderBy(sql`random()`);
      break;
    case 'least_fooled':
      q = q
        .orderBy(
          (eb) =>
            eb
              .selectFrom('examples as e')
              .select((e) => e.fn.countAll().as('n'))
              .whereRef('e.cid', '=', 'c.id')
              .where('e.model_wrong', '=', true),
          'asc',
        )
        .orderBy(sql`random()`);
      break;
    case 'validation_failed':
      q = q
        .where(({ exists, not, selectFrom }) =>
          exists(
            selectFrom('examples as e')
              .select('e.id')
              .whereRef('e.cid', '=', 'c.id')
              .where('e.model_wrong', '=', true)
              .where((eb) =>
                eb.or([eb('e.verified_incorrect', '>=', n), eb('e.verified_flagged', '>=', n)]),
              )
              .where('e.verified_correct', '<', n),
          ).and(
            not(
              exists(
                selectFrom('examples as e')
                  .select('e.id')
                  .whereRef('e.cid', '=', 'c.id')
                  .where('e.model_wrong', '=', true)
                  .where('e.retracted', '=', false)
                  .where((eb) =>
                    eb.or([
                      eb('e.verified_correct', '>=', n),
                      eb.and([
                        eb('e.verified_incorrect', '<', n),
                        eb('e.verified_flagged', '<', n),
                      ]),
                    ]),
                  ),
              ),
            ),
          ),
        )
        .orderBy(sql`random()`);
      break;
  }
  return q.limit(1).executeTakeFirst();
}
