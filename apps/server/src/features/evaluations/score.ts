import { squadF1 } from '@dynaloop/scoring';

/**
 * The one place the evaluation pipeline calls metrics: a perf metric by name over aligned
 * predictions and targets, its per-tag results and its paired bootstrap replicates.
 */

export const BOOTSTRAP_REPLICATES = 1000;
/** Recorded with every score, so that a leaderboard cell can be re-checked later. */
export const SCORING_VERSION = 'dynaloop-scoring/0.1.0';

export interface TagResult {
  tag: string;
  perf: number;
  pretty_perf: string;
  perf_std: number | null;
  examples: number;
}

export interface ScoreResult {
  /** The perf metric, ×100 and rounded to 2 decimals (as the original). */
  perf: number;
  /** Standard deviation of the bootstrap replicates (the standard error of perf). */
  perf_std: number | null;
  ci_low: number | null;
  ci_high: number | null;
  perf_by_tag: TagResult[];
  /** perf on each bootstrap resample; resample r draws the same indices for every model. */
  replicates: number[];
}

export class UnsupportedMetricError extends Error {}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The metric over a subset of examples (given by index, repeats allowed), in [0, 1]. */
type SubsetMetric = (indices: ArrayLike<number>) => number;

const asList = (t: unknown): unknown[] => (Array.isArray(t) ? t : [t]);
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);

function meanOf(values: Float64Array): SubsetMetric {
  return (indices) => {
    if (indices.length === 0) return 0;
    let sum = 0;
    for (let i = 0; i < indices.length; i++) sum += values[indices[i]!]!;
    return sum / indices.length;
  };
}

function macroF1(predictions: unknown[], targets: unknown[]): SubsetMetric {
  const labels = new Map<string, number>();
  const id = (v: unknown) => {
    const key = asText(v);
    let n = labels.get(key);
    if (n === undefined) {
      n = labels.size;
      labels.set(key, n);
    }
    return n;
  };
  const gold = Int32Array.from(targets.map((t) => id(asList(t)[0])));
  const pred = Int32Array.from(predictions.map((p) => id(p)));
  return (indices) => {
    const k = labels.size;
    const tp = new Float64Array(k);
    const fp = new Float64Array(k);
    const fn = new Float64Array(k);
    const present = new Uint8Array(k);
    for (let i = 0; i < indices.length; i++) {
      const g = gold[indices[i]!]!;
      const p = pred[indices[i]!]!;
      present[g] = 1;
      present[p] = 1;
      if (g === p) tp[g]!++;
      else {
        fp[p]!++;
        fn[g]!++;
      }
    }
    // sklearn's macro average: every label seen in the gold or predicted values of the subset.
    let sum = 0;
    let count = 0;
    for (let c = 0; c < k; c++) {
      if (!present[c]) continue;
      count++;
      const denom = 2 * tp[c]! + fp[c]! + fn[c]!;
      sum += denom === 0 ? 0 : (2 * tp[c]!) / denom;
    }
    return count === 0 ? 0 : sum / count;
  };
}

function metricFor(name: string, predictions: unknown[], targets: unknown[]): SubsetMetric {
  switch (name) {
    case 'accuracy':
      return meanOf(
        Float64Array.from(predictions, (p, i) =>
          asList(targets[i]).some((t) => asText(t) === asText(p)) ? 1 : 0,
        ),
      );
    case 'squad_f1':
      return meanOf(
        Float64Array.from(predictions, (p, i) =>
          squadF1(asText(p), asList(targets[i]).map(asText)),
        ),
      );
    case 'macro_f1':
      return macroF1(predictions, targets);
    default:
      throw new UnsupportedMetricError(`The metric ${name} is not available for evaluation`);
  }
}

/** A small, fast seeded generator (mulberry32): the same seed gives the same resamples. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function std(values: number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const v = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(v);
}

function percentile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * Scores aligned predictions against targets. `tags[i]` are the tags of example i; `seed`
 * fixes the resample indices (derive it from the dataset, never from the model, so that the
 * replicates of two models on one dataset are paired).
 */
export function scorePredictions(
  metricName: string,
  predictions: unknown[],
  targets: unknown[],
  tags: string[][],
  seed: number,
  replicateCount = BOOTSTRAP_REPLICATES,
): ScoreResult {
  const n = predictions.length;
  const metric = metricFor(metricName, predictions, targets);
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  const perf = round2(100 * metric(all));

  const replicates: number[] = [];
  if (n > 0) {
    const next = generator(seed);
    const indices = new Uint32Array(n);
    for (let r = 0; r < replicateCount; r++) {
      for (let i = 0; i < n; i++) indices[i] = Math.floor(next() * n);
      replicates.push(100 * metric(indices));
    }
  }
  const sorted = [...replicates].sort((a, b) => a - b);

  const byTag = new Map<string, number[]>();
  tags.forEach((list, i) => {
    for (const tag of list) {
      const members = byTag.get(tag) ?? [];
      members.push(i);
      byTag.set(tag, members);
    }
  });
  const perf_by_tag = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, members]) => {
      const value = round2(100 * metric(members));
      return {
        tag,
        perf: value,
        pretty_perf: `${value} %`,
        perf_std: null,
        examples: members.length,
      };
    });

  return {
    perf,
    perf_std: replicates.length ? round2(std(replicates)) : null,
    ci_low: sorted.length ? round2(percentile(sorted, 0.025)) : null,
    ci_high: sorted.length ? round2(percentile(sorted, 0.975)) : null,
    perf_by_tag,
    replicates,
  };
}
