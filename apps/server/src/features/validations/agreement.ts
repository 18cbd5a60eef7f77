import { type RoundAgreement } from '@dynaloop/contract';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  alphaBootstrapSamples,
  krippendorffAlphaNominal,
  percentileInterval,
  wilsonInterval,
} from '@dynaloop/scoring';
import { type Db } from '../../db/database.js';
import { type RoundRow } from '../../db/schema.js';

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
