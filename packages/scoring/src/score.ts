/**
 * Scoring a model's predictions on a dataset: the perf metric, its value per tag, and paired
 * bootstrap replicates, all from per-item sufficient statistics (see bootstrap.ts).
 */
import {
  DEFAULT_GROUPS,
  DEFAULT_REPLICATES,
  type ResamplePlan,
  replicateCounts,
  resamplePlan,
  unitOf,
} from './bootstrap.js';
import {
  ScoringInputError,
  classNumbers,
  dataperfF1,
  dataperfSeeds,
  isCorrect,
  macroF1FromCounts,
  round2,
  type DataperfPrediction,
} from './classification.js';
import { BLEU_DIMS, bleuFromStats, bleuStats, chrfDims, chrfFromStats, chrfStats } from './mt.js';
import { type SentencePiece, spBleuStats } from './sentencepiece.js';
import { squadItem } from './squad.js';

export const PERF_METRICS = [
  'accuracy',
  'macro_f1',
  'squad_f1',
  'bleu',
  'sp_bleu',
  'chrf',
  'chrf_pp',
  'dataperf_f1',
] as const;
export type PerfMetric = (typeof PERF_METRICS)[number];

export const isPerfMetric = (name: string): name is PerfMetric =>
  (PERF_METRICS as readonly string[]).includes(name);

/**
 * A metric as sufficient statistics: each item adds `dims` numbers, and the score of any set of
 * items (the dataset, a tag, a resample) is a function of their sum.
 */
export interface Decomposition {
  dims: number;
  /** Adds item i's statistics to acc[at..at + dims). */
  add(i: number, acc: Float64Array, at: number): void;
  /** The score of summed statistics (×100 for percentages, raw for BLEU and chrF); null if none. */
  value(acc: Float64Array, at: number): number | null;
  /** Further figures reported next to the score (e.g. exact match for SQuAD). */
  extras?(acc: Float64Array, at: number): Record<string, number>;
  /** Percentages are rounded to 2 decimals and shown as "x %". */
  percent: boolean;
}

function strings(values: readonly unknown[], what: string): string[] {
  return values.map((v, i) => {
    const s = Array.isArray(v) && v.length === 1 ? v[0] : v;
    if (typeof s !== 'string') throw new ScoringInputError(`${what} ${i} is not a string`);
    return s;
  });
}

function textDecomposition(
  n: number,
  dims: number,
  fill: (i: number, out: Float64Array, at: number) => void,
  value: (acc: Float64Array, at: number) => number,
): Decomposition {
  const stats = new Float64Array(n * dims);
  for (let i = 0; i < n; i++) fill(i, stats, i * dims);
  return {
    dims,
    percent: false,
    add(i, acc, at) {
      const from = i * dims;
      for (let k = 0; k < dims; k++) acc[at + k]! += stats[from + k]!;
    },
    value,
  };
}

export interface DecomposeOptions {
  /** Needed for sp_bleu: the task's SentencePiece model (see loadSentencePiece). */
  sentencePiece?: SentencePiece;
}

/** The sufficient statistics of a metric over paired predictions and targets. */
export function decompose(
  metric: PerfMetric,
  predictions: readonly unknown[],
  targets: readonly unknown[],
  options: DecomposeOptions = {},
): Decomposition {
  if (predictions.length !== targets.length) {
    throw new ScoringInputError(
      `${predictions.length} predictions but ${targets.length} targets: they must pair up`,
    );
  }
  if (targets.length === 0) throw new ScoringInputError('Nothing to score');
  const n = targets.length;
  switch (metric) {
    case 'accuracy': {
      const correct = new Uint8Array(n);
      for (let i = 0; i < n; i++) correct[i] = isCorrect(predictions[i], targets[i]) ? 1 : 0;
      return {
        dims: 2,
        percent: true,
        add(i, acc, at) {
          acc[at]! += correct[i]!;
          acc[at + 1]! += 1;
        },
        value: (acc, at) => (acc[at + 1]! > 0 ? (100 * acc[at]!) / acc[at + 1]! : null),
      };
    }
    case 'macro_f1': {
      const { gold, pred, classes } = classNumbers(predictions, targets);
      return {
        dims: 3 * classes,
        percent: true,
        add(i, acc, at) {
          const p = pred[i]!;
          const g = gold[i]!;
          if (p === g) acc[at + 3 * p]! += 1;
          acc[at + 3 * p + 1]! += 1;
          acc[at + 3 * g + 2]! += 1;
        },
        value: (acc, at) => 100 * macroF1FromCounts(acc, classes, at),
      };
    }
    case 'squad_f1': {
      const f1 = new Float64Array(n);
      const em = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const t = targets[i];
        const golds = Array.isArray(t) ? t.map(String) : [String(t ?? '')];
        const item = squadItem(String(predictions[i] ?? ''), golds);
        f1[i] = item.f1;
        em[i] = item.em;
      }
      return {
        dims: 3,
        percent: true,
        add(i, acc, at) {
          acc[at]! += f1[i]!;
          acc[at + 1]! += em[i]!;
          acc[at + 2]! += 1;
        },
        value: (acc, at) => (acc[at + 2]! > 0 ? (100 * acc[at]!) / acc[at + 2]! : null),
        extras: (acc, at) => ({
          exact_match: acc[at + 2]! > 0 ? round2((100 * acc[at + 1]!) / acc[at + 2]!) : 0,
        }),
      };
    }
    case 'bleu':
    case 'sp_bleu': {
      const hyps = strings(predictions, 'Prediction');
      const refs = strings(targets, 'Target');
      const sp = options.sentencePiece;
      if (metric === 'sp_bleu' && !sp) {
        throw new ScoringInputError('sp_bleu needs the task’s SentencePiece model');
      }
      return textDecomposition(
        n,
        BLEU_DIMS,
        sp && metric === 'sp_bleu'
          ? (i, out, at) => spBleuStats(sp, hyps[i]!, refs[i]!, out, at)
          : (i, out, at) => bleuStats(hyps[i]!, refs[i]!, '13a', out, at),
        (acc, at) => bleuFromStats(acc, at),
      );
    }
    case 'chrf':
    case 'chrf_pp': {
      const hyps = strings(predictions, 'Prediction');
      const refs = strings(targets, 'Target');
      const wordOrder = metric === 'chrf_pp' ? 2 : 0;
      return textDecomposition(
        n,
        chrfDims(wordOrder),
        (i, out, at) => chrfStats(hyps[i]!, refs[i]!, wordOrder, out, at),
        (acc, at) => chrfFromStats(acc, wordOrder, at),
      );
    }
    case 'dataperf_f1': {
      const { seeds, labels } = dataperfSeeds(
        predictions as readonly DataperfPrediction[],
        targets as ReadonlyArray<readonly string[]>,
      );
      const seedCount = seeds[0]!.length;
      const cells = seedCount * labels.length;
      // agree[i * cells + s * labels + l]: does seed s predict label l's presence right on item i?
      const agree = new Uint8Array(n * cells);
      for (let i = 0; i < n; i++) {
        const target = new Set(targets[i] as readonly string[]);
        for (let s = 0; s < seedCount; s++) {
          const predicted = new Set(seeds[i]![s]);
          labels.forEach((l, li) => {
            agree[i * cells + s * labels.length + li] = predicted.has(l) === target.has(l) ? 1 : 0;
          });
        }
      }
      return {
        dims: cells + 1,
        percent: true,
        add(i, acc, at) {
          const from = i * cells;
          for (let k = 0; k < cells; k++) acc[at + k]! += agree[from + k]!;
          acc[at + cells]! += 1;
        },
        value(acc, at) {
          const count = acc[at + cells]!;
          if (count === 0) return null;
          let sum = 0;
          for (let k = 0; k < cells; k++) sum += acc[at + k]!;
          return (100 * sum) / cells / count;
        },
      };
    }
  }
}

export interface TagScore {
  tag: string;
  perf: number;
  pretty_perf: string;
  perf_std: number | null;
  perf_dict: Record<string, number>;
}

export interface DatasetScore {
  perf: number;
  pretty_perf: string;
  /** Dataperf: standard deviation over seeds; otherwise null. */
  perf_std: number | null;
  /** The metric's value under its own name, and any further figures (exact_match for SQuAD). */
  perf_dict: Record<string, number>;
  perf_by_tag: TagScore[];
  /** The perf of each paired bootstrap replicate (4 decimals), in replicate order. */
  replicates: number[];
  bootstrap: { seed: number; replicates: number; units: number; grouped: boolean };
}

export interface ScoreOptions extends DecomposeOptions {
  /** The dataset's seed (datasetSeed(identity)): the same for every model on the dataset. */
  seed: number;
  replicates?: number;
  groups?: number;
  /**
   * `corpus` (default): perf is the metric over all items. `tags`: perf is the mean over tags of
   * the per-tag metric (translation tracks: one tag per direction), rounded to 2 decimals.
   */
  perfOver?: 'corpus' | 'tags';
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Each resampling unit's summed statistics (unitStats[u · dims + k]). */
function unitStatistics(d: Decomposition, plan: ResamplePlan): Float64Array {
  const unitStats = new Float64Array(plan.units * d.dims);
  for (let i = 0; i < plan.items; i++) d.add(i, unitStats, unitOf(plan, i) * d.dims);
  return unitStats;
}

/** Corpus replicates: per replicate, Σ draws(unit) · statistics(unit) over the drawn units. */
function corpusReplicates(d: Decomposition, plan: ResamplePlan, unitStats: Float64Array): number[] {
  const { dims } = d;
  const units = plan.units;
  const counts = new Uint32Array(units);
  const acc = new Float64Array(dims);
  const replicates: number[] = [];
  for (let b = 0; b < plan.replicates; b++) {
    replicateCounts(plan, b, counts);
    acc.fill(0);
    for (let u = 0; u < units; u++) {
      const w = counts[u]!;
      if (w === 0) continue;
      const from = u * dims;
      for (let k = 0; k < dims; k++) acc[k]! += w * unitStats[from + k]!;
    }
    replicates.push(round4(d.value(acc, 0) ?? 0));
  }
  return replicates;
}

/**
 * Replicates of a mean over tags: statistics per (resampling unit, tag) cell, and per replicate
 * each tag's statistics summed over its cells, scored, then averaged over tags.
 */
function tagMeanReplicates(
  d: Decomposition,
  plan: ResamplePlan,
  tagCount: number,
  tagStart: Uint32Array,
  itemTags: readonly number[],
  meanOverTags: (acc: Float64Array) => number | null,
): number[] {
  const { dims } = d;
  const keys = plan.units * tagCount;
  // Cell numbers by key (unit · tags + tag): an array when small enough, else a map.
  const cellArray = keys <= 1 << 24 ? new Int32Array(keys).fill(-1) : null;
  const cellMap = new Map<number, number>();
  const maxCells = Math.min(keys, itemTags.length);
  const cellStats = new Float64Array(maxCells * dims);
  const cellUnit = new Uint32Array(maxCells);
  const cellTag = new Uint32Array(maxCells);
  let cellCount = 0;
  for (let i = 0; i < plan.items; i++) {
    const unit = unitOf(plan, i);
    for (let k = tagStart[i]!; k < tagStart[i + 1]!; k++) {
      const tag = itemTags[k]!;
      const key = unit * tagCount + tag;
      let cell = cellArray ? cellArray[key]! : (cellMap.get(key) ?? -1);
      if (cell < 0) {
        cell = cellCount++;
        if (cellArray) cellArray[key] = cell;
        else cellMap.set(key, cell);
        cellUnit[cell] = unit;
        cellTag[cell] = tag;
      }
      d.add(i, cellStats, cell * dims);
    }
  }
  const counts = new Uint32Array(plan.units);
  const acc = new Float64Array(tagCount * dims);
  const replicates: number[] = [];
  for (let b = 0; b < plan.replicates; b++) {
    replicateCounts(plan, b, counts);
    acc.fill(0);
    for (let c = 0; c < cellCount; c++) {
      const w = counts[cellUnit[c]!]!;
      if (w === 0) continue;
      const to = cellTag[c]! * dims;
      const from = c * dims;
      for (let k = 0; k < dims; k++) acc[to + k]! += w * cellStats[from + k]!;
    }
    replicates.push(round4(meanOverTags(acc) ?? 0));
  }
  return replicates;
}

function pretty(perf: number, percent: boolean): string {
  return percent ? `${perf} %` : perf.toFixed(2);
}

function finish(value: number | null, percent: boolean): number {
  const v = value ?? 0;
  return percent ? round2(v) : v;
}

/**
 * Scores predictions against targets (aligned by position). `tags[i]` lists item i's tags (or
 * pass null): each tag gets the metric on its items. Returns perf, perf_by_tag, perf_std and
 * `options.replicates` paired bootstrap replicates of perf.
 */
export function scoreDataset(
  metric: PerfMetric,
  predictions: readonly unknown[],
  targets: readonly unknown[],
  tags: ReadonlyArray<readonly string[] | undefined> | null,
  options: ScoreOptions,
): DatasetScore {
  const d = decompose(metric, predictions, targets, options);
  const n = targets.length;
  const dims = d.dims;
  if (tags && tags.length !== n) {
    throw new ScoringInputError(`${tags.length} tag lists for ${n} items`);
  }

  // Tags as numbers; each item's tag numbers at itemTags[tagStart[i]..tagStart[i + 1]).
  const tagIds = new Map<string, number>();
  const tagStart = new Uint32Array(n + 1);
  const itemTags: number[] = [];
  for (let i = 0; i < n; i++) {
    const list = tags?.[i];
    if (list) {
      const first = itemTags.length;
      for (const tag of list) {
        if (typeof tag !== 'string')
          throw new ScoringInputError(`Item ${i} has a tag that is not a string`);
        let id = tagIds.get(tag);
        if (id === undefined) tagIds.set(tag, (id = tagIds.size));
        if (!itemTags.includes(id, first)) itemTags.push(id);
      }
    }
    tagStart[i + 1] = itemTags.length;
  }
  const tagCount = tagIds.size;
  const byTag = tagCount > 0;
  const overTags = options.perfOver === 'tags';
  if (overTags && !byTag) throw new ScoringInputError('perfOver "tags" needs tagged items');

  const plan = resamplePlan(n, {
    seed: options.seed,
    replicates: options.replicates ?? DEFAULT_REPLICATES,
    groups: options.groups ?? DEFAULT_GROUPS,
  });
  // Point figures (the whole dataset and each tag); for a corpus perf, the dataset's figures are
  // the sum of its resampling units' statistics, which the replicates need anyway.
  const units = overTags ? null : unitStatistics(d, plan);
  const total = new Float64Array(dims);
  if (units) {
    for (let u = 0; u < plan.units; u++) {
      for (let k = 0; k < dims; k++) total[k]! += units[u * dims + k]!;
    }
  } else {
    for (let i = 0; i < n; i++) d.add(i, total, 0);
  }
  const tagTotals = new Float64Array(tagCount * dims);
  if (byTag) {
    for (let i = 0; i < n; i++) {
      for (let k = tagStart[i]!; k < tagStart[i + 1]!; k++) {
        d.add(i, tagTotals, itemTags[k]! * dims);
      }
    }
  }
  const tagValue = (acc: Float64Array, t: number) => d.value(acc, t * dims);
  const meanOverTags = (acc: Float64Array): number | null => {
    let sum = 0;
    let count = 0;
    for (let t = 0; t < tagCount; t++) {
      const v = tagValue(acc, t);
      if (v !== null) {
        sum += v;
        count++;
      }
    }
    return count ? sum / count : null;
  };
  const perfValue = overTags ? meanOverTags(tagTotals) : d.value(total, 0);

  const replicates = units
    ? corpusReplicates(d, plan, units)
    : tagMeanReplicates(d, plan, tagCount, tagStart, itemTags, meanOverTags);

  let perf = finish(perfValue, d.percent);
  if (overTags) perf = round2(perf);
  const perfDict: Record<string, number> = { [metric]: perf, ...d.extras?.(total, 0) };
  let perfStd: number | null = null;
  let perfByTag: TagScore[] = [...tagIds].map(([tag, t]) => {
    const tagPerf = finish(tagValue(tagTotals, t), d.percent);
    return {
      tag,
      perf: tagPerf,
      pretty_perf: pretty(tagPerf, d.percent),
      perf_std: null,
      perf_dict: { [metric]: tagPerf, ...d.extras?.(tagTotals, t * dims) },
    };
  });
  if (metric === 'dataperf_f1') {
    // Dataperf reports per label (its own tags) and the spread over seeds.
    const result = dataperfF1(
      predictions as readonly DataperfPrediction[],
      targets as ReadonlyArray<readonly string[]>,
    );
    perfStd = result.perf_std;
    perfByTag = result.by_label.map((l) => ({
      tag: l.label,
      perf: l.perf,
      pretty_perf: pretty(l.perf, true),
      perf_std: l.perf_std,
      perf_dict: { dataperf_f1: l.perf },
    }));
  }
  return {
    perf,
    pretty_perf: overTags ? perf.toFixed(2) : pretty(perf, d.percent),
    perf_std: perfStd,
    perf_dict: perfDict,
    perf_by_tag: perfByTag,
    replicates,
    bootstrap: {
      seed: plan.seed,
      replicates: plan.replicates,
      units: plan.units,
      grouped: plan.grouped,
    },
  };
}
