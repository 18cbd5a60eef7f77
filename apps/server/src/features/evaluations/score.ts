import { isPerfMetric, scoreDataset, ScoringInputError, type TagScore } from '@dynaloop/scoring';

/**
 * The one place the evaluation pipeline calls metrics (packages/scoring): a perf metric by name
 * over aligned predictions and targets, its per-tag results and its paired bootstrap replicates.
 */

export const BOOTSTRAP_REPLICATES = 1000;
/** Recorded with every score, so that a leaderboard cell can be re-checked later. */
export const SCORING_VERSION = 'dynaloop-scoring/0.1.0';

export interface ScoreResult {
  /** The perf metric as the original reports it (×100 and 2 decimals for % metrics). */
  perf: number;
  pretty_perf: string;
  /** Dataperf: the std over seeds; otherwise the std of the bootstrap replicates (the SE). */
  perf_std: number | null;
  /** 95% percentile interval of the paired bootstrap replicates. */
  ci_low: number | null;
  ci_high: number | null;
  perf_dict: Record<string, number>;
  perf_by_tag: TagScore[];
  /** perf on each bootstrap resample; resample r draws the same items for every model. */
  replicates: number[];
}

/** The platform cannot compute this metric (not the submission's fault). */
export class UnsupportedMetricError extends Error {}
/** What was submitted cannot be scored (e.g. the wrong kind of value). */
export class UnscorableSubmissionError extends Error {}

const round2 = (x: number) => Math.round(x * 100) / 100;

function std(values: number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

function percentile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * Scores aligned predictions against targets. `tags[i]` are the tags of example i; `seed` fixes
 * the resamples (derive it from the dataset, never from the model, so that the replicates of two
 * models on one dataset are paired).
 */
export function scorePredictions(
  metricName: string,
  predictions: unknown[],
  targets: unknown[],
  tags: string[][],
  seed: number,
  replicateCount = BOOTSTRAP_REPLICATES,
): ScoreResult {
  if (!isPerfMetric(metricName) || metricName === 'sp_bleu') {
    // sp-BLEU needs the task's SentencePiece model, which evaluation jobs do not load yet.
    throw new UnsupportedMetricError(`The metric ${metricName} is not available for evaluation`);
  }
  let score;
  try {
    score = scoreDataset(metricName, predictions, targets, tags, {
      seed,
      replicates: replicateCount,
    });
  } catch (err) {
    if (err instanceof ScoringInputError) throw new UnscorableSubmissionError(err.message);
    throw err;
  }
  const sorted = [...score.replicates].sort((a, b) => a - b);
  return {
    perf: score.perf,
    pretty_perf: score.pretty_perf,
    perf_std: score.perf_std ?? (sorted.length ? round2(std(score.replicates)) : null),
    ci_low: sorted.length ? round2(percentile(sorted, 0.025)) : null,
    ci_high: sorted.length ? round2(percentile(sorted, 0.975)) : null,
    perf_dict: score.perf_dict,
    perf_by_tag: score.perf_by_tag,
    replicates: score.replicates,
  };
}
