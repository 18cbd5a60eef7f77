import { type RoundAgreement } from '@dynaloop/contract';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  alphaBootstrapSamples,
  krippendorffAlphaNominal,
  percentileInterval,
  wilsonInterval,
} from '@dynaloop/scoring';
import { sql } from 'kysely';
import { type Db } from '../../db/database.js';
import { type RoundRow, type TaskRow } from '../../db/schema.js';
import { type Contributor, examplePolicy } from '../examples/policy.js';
import { errors } from '../../platform/errors.js';
import { awardBadge } from '../badges/service.js';

export interface PickerFilter {
  tags: string[];
  contextTags: string[];
}

/**
 * The examples of a round still open to a vote, each with its context: not retracted, not
 * written in the sandbox, and without an owner's vote. Both pickers start from these.
 */
const openExamplesOfRound = (db: Db, roundId: number) =>
  db
    .selectFrom('examples as e')
    .innerJoin('contexts as c', 'c.id', 'e.cid')
    .selectAll('e')
    .select('c.context_json')
    .where('e.r_realid', '=', roundId)
    .where('e.retracted', '=', false)
    .where('e.sandbox', '=', false)
    .where('e.owner_validated', '=', false);

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
  contributor: Contributor,
  filter: PickerFilter,
) {
  let q = openExamplesOfRound(db, roundId)
    .where('e.verdict', '=', 'pending')
    // Never one's own examples, nor one already validated (crowd workers by their annotator id).
    .where((eb) =>
      contributor.kind === 'user'
        ? eb.or([eb('e.uid', 'is', null), eb('e.uid', '!=', contributor.user.id)])
        : eb.or([
            eb('e.annotator_id', 'is', null),
            eb('e.annotator_id', '!=', contributor.annotatorId),
          ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('validations as v')
            .select('v.id')
            .whereRef('v.eid', '=', 'e.id')
            .where(
              contributor.kind === 'user' ? 'v.uid' : 'v.annotator_id',
              '=',
              contributor.kind === 'user' ? String(contributor.user.id) : contributor.annotatorId,
            ),
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

/**
 * The owner's picker (reference facts §6.6): examples of the round with no owner vote, not
 * retracted, whose flag count and minority-label count (the smaller of correct and incorrect)
 * lie in the given ranges; never-validated examples qualify when both minimums are 0.
 */
export async function pickExampleForOwner(
  db: Db,
  roundId: number,
  range: { minFlags: number; maxFlags: number; minDisagree: number; maxDisagree: number },
) {
  return openExamplesOfRound(db, roundId)
    .where('e.verified_flagged', '>=', range.minFlags)
    .where('e.verified_flagged', '<=', range.maxFlags)
    .where(sql<number>`least(e.verified_correct, e.verified_incorrect)`, '>=', range.minDisagree)
    .where(sql<number>`least(e.verified_correct, e.verified_incorrect)`, '<=', range.maxDisagree)
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
  contributor: Contributor,
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
    const user = contributor.kind === 'user' ? contributor.user : null;
    if (
      !examplePolicy.onTask(contributor, e.tid) ||
      (contributor.kind === 'crowd' && input.mode !== 'user')
    ) {
      throw errors.forbidden('Crowd workers validate in user mode, on their task only');
    }
    if (input.mode === 'user') {
      if (examplePolicy.isAuthor(contributor, e))
        throw errors.forbidden('You cannot validate your own example');
      const already = await trx
        .selectFrom('validations')
        .select('id')
        .where('eid', '=', e.id)
        .where((eb) =>
          user
            ? eb('uid', '=', user.id)
            : eb('annotator_id', '=', (contributor as { annotatorId: string }).annotatorId),
        )
        .executeTakeFirst();
      if (already) throw errors.forbidden('You have already validated this example');
    }
    await trx
      .insertInto('validations')
      .values({
        eid: e.id,
        uid: user?.id ?? null,
        annotator_id: user ? null : (contributor as { annotatorId: string }).annotatorId,
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
    // The round counts every verified fooling example (crowd ones too); the author's counters
    // exist only for examples with a user.
    if (e.verdict === 'pending' && e.model_wrong && next === 'verified_fooled') {
      await trx
        .updateTable('rounds')
        .set({ total_verified_fooled: sql`total_verified_fooled + 1` })
        .where('id', '=', e.r_realid)
        .execute();
    }
    if (e.verdict === 'pending' && e.model_wrong && e.uid !== null) {
      if (next === 'verified_fooled') {
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
    const badges: string[] = [];
    if (!user) return { badges }; // crowd workers get no counters or badges
    const validator = await trx
      .updateTable('users')
      .set({ examples_verified: sql`examples_verified + 1` })
      .where('id', '=', user.id)
      .returning('examples_verified')
      .executeTakeFirstOrThrow();
    if (validator.examples_verified === 1 && (await awardBadge(trx, user.id, 'FIRST_VERIFIED')))
      badges.push('FIRST_VERIFIED');
    return { badges };
  });
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Resamples between two turns of the event loop: a large round never holds up other requests. */
const RESAMPLES_PER_TURN = 25;

async function bootstrapInterval(units: string[][]) {
  const alphas: Array<number | null> = [];
  for (const alpha of alphaBootstrapSamples(units)) {
    alphas.push(alpha);
    if (alphas.length % RESAMPLES_PER_TURN === 0) await nextTurn();
  }
  return percentileInterval(alphas);
}

/**
 * How far validators agree in a round, and how sure the verified error rate is: Krippendorff's
 * alpha over the user-mode labels of each example (with a bootstrap 95% interval over examples),
 * and the verified model error rate with a Wilson 95% interval.
 */
export async function roundAgreement(db: Db, round: RoundRow): Promise<RoundAgreement> {
  const labels = await db
    .selectFrom('validations as v')
    .innerJoin('examples as e', 'e.id', 'v.eid')
    .select(['v.eid', 'v.label'])
    .where('e.r_realid', '=', round.id)
    .where('v.mode', '=', 'user')
    .where('v.label', '!=', 'placeholder')
    .execute();
  const byExample = new Map<number, string[]>();
  for (const l of labels) byExample.set(l.eid, [...(byExample.get(l.eid) ?? []), l.label]);
  const units = [...byExample.values()];
  const alpha = krippendorffAlphaNominal(units);
  const ci = await bootstrapInterval(units);
  const mer = wilsonInterval(round.total_verified_fooled, round.total_collected);
  return {
    rid: round.rid,
    collected: round.total_collected,
    verified_fooled: round.total_verified_fooled,
    verified_mer: round.total_collected
      ? round2((100 * round.total_verified_fooled) / round.total_collected)
      : null,
    verified_mer_ci: mer ? [round2(100 * mer[0]), round2(100 * mer[1])] : null,
    examples_validated: units.length,
    validations: labels.length,
    alpha: alpha === null ? null : Math.round(alpha * 1e4) / 1e4,
    alpha_ci: ci ? [Math.round(ci[0] * 1e4) / 1e4, Math.round(ci[1] * 1e4) / 1e4] : null,
  };
}
