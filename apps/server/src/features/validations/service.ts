import { sql } from 'kysely';
import { type Db } from '../../db/database.js';
import { type TaskRow, type UserRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { awardBadge } from '../badges/service.js';

export interface PickerFilter {
  tags: string[];
  contextTags: string[];
}

/**
 * An example for this user to validate (reference facts §6.6), decided per example: of the
 * round, not retracted, fooling the model (unless the task validates all examples), not the
 * user's own, not yet validated by them, still undecided and without an owner's vote. Fooling
 * examples first, then the least validated, then at random.
 */
export async function pickExampleToValidate(
  db: Db,
  task: TaskRow,
  roundId: number,
  user: UserRow,
  filter: PickerFilter,
) {
  let q = db
    .selectFrom('examples as e')
    .innerJoin('contexts as c', 'c.id', 'e.cid')
    .selectAll('e')
    .select('c.context_json')
    .where('e.r_realid', '=', roundId)
    .where('e.retracted', '=', false)
    .where('e.sandbox', '=', false)
    .where('e.verdict', '=', 'pending')
    .where('e.owner_validated', '=', false)
    .where((eb) => eb.or([eb('e.uid', 'is', null), eb('e.uid', '!=', user.id)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('validations as v')
            .select('v.id')
            .whereRef('v.eid', '=', 'e.id')
            .where('v.uid', '=', user.id),
        ),
      ),
    );
  q = task.validate_non_fooling
    ? q.where('e.model_wrong', 'is not', null)
    : q.where('e.model_wrong', '=', true);
  if (filter.tags.length) q = q.where('e.tag', 'in', filter.tags);
  if (filter.contextTags.length) q = q.where('c.tag', 'in', filter.contextTags);
  return q
    .orderBy(sql`e.model_wrong DESC NULLS LAST`)
    .orderBy('e.total_verified')
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
}

export type Verdict = 'pending' | 'verified_fooled' | 'verified_not_correct' | 'verified_correct';

/** The verdict a set of counts reaches: N matching labels, or one owner vote. */
export function verdictOf(
  modelWrong: boolean | null,
  counts: { correct: number; incorrect: number; flagged: number },
  n: number,
  ownerLabel?: 'correct' | 'incorrect' | 'flagged',
): Verdict {
  const correct = ownerLabel ? ownerLabel === 'correct' : counts.correct >= n;
  const notCorrect = ownerLabel
    ? ownerLabel !== 'correct'
    : counts.incorrect >= n || counts.flagged >= n;
  if (correct) return modelWrong ? 'verified_fooled' : 'verified_correct';
  if (notCorrect) return 'verified_not_correct';
  return 'pending';
}

/**
 * Records a validation and moves the counters once, when the example's verdict is first
 * reached (the original moved them again on every later validation).
 */
export async function validateExample(
  db: Db,
  task: TaskRow,
  exampleId: number,
  user: UserRow,
  input: {
    label: 'correct' | 'incorrect' | 'flagged';
    mode: 'user' | 'owner';
    metadata: Record<string, unknown>;
  },
  isOwnerOrAdmin: boolean,
): Promise<{ badges: string[] }> {
  if (input.mode === 'owner' && !isOwnerOrAdmin)
    throw errors.forbidden('Only task owners and admins validate in owner mode');
  return db.transaction().execute(async (trx) => {
    const e = await trx
      .selectFrom('examples')
      .selectAll()
      .where('id', '=', exampleId)
      .where('tid', '=', task.id)
      .forUpdate()
      .executeTakeFirst();
    if (!e) throw errors.notFound('Example');
    if (input.mode === 'user') {
      if (e.uid === user.id) throw errors.forbidden('You cannot validate your own example');
      const already = await trx
        .selectFrom('validations')
        .select('id')
        .where('eid', '=', e.id)
        .where('uid', '=', user.id)
        .executeTakeFirst();
      if (already) throw errors.forbidden('You have already validated this example');
    }
    await trx
      .insertInto('validations')
      .values({
        eid: e.id,
        uid: user.id,
        label: input.label,
        mode: input.mode,
        metadata_json: JSON.stringify(input.metadata),
      })
      .execute();
    const counts = {
      correct: e.verified_correct + (input.label === 'correct' ? 1 : 0),
      incorrect: e.verified_incorrect + (input.label === 'incorrect' ? 1 : 0),
      flagged: e.verified_flagged + (input.label === 'flagged' ? 1 : 0),
    };
    const next =
      e.verdict === 'pending'
        ? verdictOf(
            e.model_wrong,
            counts,
            task.num_matching_validations,
            input.mode === 'owner' ? input.label : undefined,
          )
        : e.verdict;
    await trx
      .updateTable('examples')
      .set({
        total_verified: sql`total_verified + 1`,
        verified_correct: counts.correct,
        verified_incorrect: counts.incorrect,
        verified_flagged: counts.flagged,
        owner_validated: e.owner_validated || input.mode === 'owner',
        verdict: next,
      })
      .where('id', '=', e.id)
      .execute();
    if (e.verdict === 'pending' && e.model_wrong && e.uid !== null) {
      if (next === 'verified_fooled') {
        await trx
          .updateTable('rounds')
          .set({ total_verified_fooled: sql`total_verified_fooled + 1` })
          .where('id', '=', e.r_realid)
          .execute();
        await trx
          .updateTable('users')
          .set({ total_verified_fooled: sql`total_verified_fooled + 1` })
          .where('id', '=', e.uid)
          .execute();
      } else if (next === 'verified_not_correct') {
        await trx
          .updateTable('users')
          .set({ total_verified_not_correct_fooled: sql`total_verified_not_correct_fooled + 1` })
          .where('id', '=', e.uid)
          .execute();
        await trx
          .updateTable('round_user_example_info')
          .set({ total_verified_not_correct_fooled: sql`total_verified_not_correct_fooled + 1` })
          .where('uid', '=', e.uid)
          .where('r_realid', '=', e.r_realid)
          .execute();
      }
    }
    await trx
      .updateTable('tasks')
      .set({ last_updated: new Date() })
      .where('id', '=', task.id)
      .execute();
    const validator = await trx
      .updateTable('users')
      .set({ examples_verified: sql`examples_verified + 1` })
      .where('id', '=', user.id)
      .returning('examples_verified')
      .executeTakeFirstOrThrow();
    const badges: string[] = [];
    if (validator.examples_verified === 1 && (await awardBadge(trx, user.id, 'FIRST_VERIFIED')))
      badges.push('FIRST_VERIFIED');
    return { badges };
  });
}
