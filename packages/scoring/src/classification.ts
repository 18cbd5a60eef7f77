/**
 * Classification metrics as the original evaluation computes them: accuracy (a target may be a
 * list of acceptable answers), sklearn's macro F1, and the Dataperf multi-label F1.
 */

export class ScoringInputError extends Error {}

/** A value's identity for comparison: primitives as themselves, lists and objects by their JSON. */
export function labelKey(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? `\u0000${JSON.stringify(value)}` : value;
}

/** Python's `==` on JSON values (a string never equals a number). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A prediction is right if it equals the target or, for a list target, any of its entries. */
export function isCorrect(prediction: unknown, target: unknown): boolean {
  if (Array.isArray(target)) {
    for (const t of target) if (sameValue(prediction, t)) return true;
    return false;
  }
  return sameValue(prediction, target);
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

function checkLengths(predictions: readonly unknown[], targets: readonly unknown[]) {
  if (predictions.length !== targets.length) {
    throw new ScoringInputError(
      `${predictions.length} predictions but ${targets.length} targets: they must pair up`,
    );
  }
  if (targets.length === 0) throw new ScoringInputError('Nothing to score');
}

/** Accuracy ×100, rounded to 2 decimals. */
export function accuracy(predictions: readonly unknown[], targets: readonly unknown[]): number {
  checkLengths(predictions, targets);
  let correct = 0;
  predictions.forEach((p, i) => {
    if (isCorrect(p, targets[i])) correct++;
  });
  return round2((100 * correct) / targets.length);
}

/**
 * Per-class F1 counts → macro F1 (0–1): the mean F1 over the classes that occur among targets or
 * predictions (sklearn's labels); a class with no true positive has F1 0.
 * `counts` holds [true positives, predicted, actual] per class from `at`.
 */
export function macroF1FromCounts(counts: ArrayLike<number>, classes: number, at = 0): number {
  let sum = 0;
  let present = 0;
  for (let c = 0; c < classes; c++) {
    const tp = counts[at + 3 * c]!;
    const denominator = counts[at + 3 * c + 1]! + counts[at + 3 * c + 2]!;
    if (denominator > 0) {
      sum += (2 * tp) / denominator;
      present++;
    }
  }
  return present ? sum / present : 0;
}

/**
 * Class numbers of labels, in first-seen order. Few classes are looked up by a scan with `===`
 * (cheaper than hashing a million strings), many by a map.
 */
export class ClassIds {
  private readonly labels: unknown[] = [];
  private readonly map = new Map<unknown, number>();

  get size() {
    return this.labels.length;
  }

  id(value: unknown): number {
    if (Array.isArray(value)) throw new ScoringInputError('Macro F1 needs one label per example');
    const labels = this.labels;
    if (labels.length <= 16 && (typeof value !== 'object' || value === null)) {
      for (let k = 0; k < labels.length; k++) if (labels[k] === value) return k;
      if (labels.length < 16) return this.add(value);
    }
    const key = labelKey(value);
    return this.map.get(key) ?? this.add(value, key);
  }

  private add(value: unknown, key = labelKey(value)): number {
    const id = this.labels.length;
    this.labels.push(value);
    this.map.set(key, id);
    return id;
  }
}

/** Each prediction's and target's class number, classes numbered over both. */
export function classNumbers(predictions: readonly unknown[], targets: readonly unknown[]) {
  const ids = new ClassIds();
  const gold = new Int32Array(targets.length);
  const pred = new Int32Array(predictions.length);
  for (let i = 0; i < targets.length; i++) gold[i] = ids.id(targets[i]);
  for (let i = 0; i < predictions.length; i++) pred[i] = ids.id(predictions[i]);
  return { gold, pred, classes: ids.size };
}

/** sklearn `f1_score(targets, predictions, average="macro")` ×100, rounded to 2 decimals. */
export function macroF1(predictions: readonly unknown[], targets: readonly unknown[]): number {
  checkLengths(predictions, targets);
  const { gold, pred, classes } = classNumbers(predictions, targets);
  const counts = new Float64Array(3 * classes);
  for (let i = 0; i < gold.length; i++) {
    if (pred[i] === gold[i]) counts[3 * pred[i]!]! += 1;
    counts[3 * pred[i]! + 1]! += 1;
    counts[3 * gold[i]! + 2]! += 1;
  }
  return round2(100 * macroF1FromCounts(counts, classes));
}

/** Dataperf predictions: a label list, or one label list per seed. */
export type DataperfPrediction = readonly string[] | ReadonlyArray<readonly string[]>;

/** Every prediction as a list over seeds (one seed when the predictions are plain label lists). */
export function dataperfSeeds(
  predictions: readonly DataperfPrediction[],
  targets: ReadonlyArray<readonly string[]>,
): { seeds: ReadonlyArray<ReadonlyArray<readonly string[]>>; labels: string[] } {
  checkLengths(predictions, targets);
  const perSeed = Array.isArray(predictions[0]?.[0]);
  const seeds = predictions.map((p) => {
    if (!Array.isArray(p)) throw new ScoringInputError('A Dataperf prediction is a list of labels');
    return (perSeed ? p : [p]) as ReadonlyArray<readonly string[]>;
  });
  const count = seeds[0]!.length;
  if (count === 0 || seeds.some((s) => s.length !== count || s.some((l) => !Array.isArray(l)))) {
    throw new ScoringInputError('Every Dataperf prediction needs the same number of seeds');
  }
  const labels: string[] = [];
  const seen = new Set<string>();
  for (const t of targets) {
    if (!Array.isArray(t)) throw new ScoringInputError('A Dataperf target is a list of labels');
    for (const l of t) {
      if (!seen.has(l)) {
        seen.add(l);
        labels.push(l);
      }
    }
  }
  if (labels.length === 0) throw new ScoringInputError('The Dataperf targets carry no label');
  return { seeds, labels };
}

/** Population standard deviation (numpy's default). */
export function std(values: readonly number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) * (v - mean), 0) / values.length);
}

export interface DataperfResult {
  perf: number;
  /** Standard deviation over seeds of the per-seed score (×100); null with one seed. */
  perf_std: number | null;
  by_label: Array<{ label: string; perf: number; perf_std: number | null }>;
}

/**
 * Dataperf F1: for every label of the targets, F1 (micro, so the share of examples where the
 * label's presence is predicted right) per seed; a seed's score is the mean over labels; the
 * result is the mean over seeds ×100 with the standard deviation over seeds.
 */
export function dataperfF1(
  predictions: readonly DataperfPrediction[],
  targets: ReadonlyArray<readonly string[]>,
): DataperfResult {
  const { seeds, labels } = dataperfSeeds(predictions, targets);
  const seedCount = seeds[0]!.length;
  const agree = labels.map(() => new Array<number>(seedCount).fill(0));
  const targetSets = targets.map((t) => new Set(t));
  seeds.forEach((perSeed, i) => {
    perSeed.forEach((p, s) => {
      const predicted = new Set(p);
      labels.forEach((l, li) => {
        if (predicted.has(l) === targetSets[i]!.has(l)) agree[li]![s]! += 1;
      });
    });
  });
  const n = targets.length;
  const perLabel = agree.map((a) => a.map((c) => (100 * c) / n));
  const perSeed = Array.from(
    { length: seedCount },
    (_, s) => perLabel.reduce((sum, l) => sum + l[s]!, 0) / labels.length,
  );
  const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
  return {
    perf: round2(mean(perSeed)),
    perf_std: seedCount > 1 ? round2(std(perSeed)) : null,
    by_label: labels.map((label, li) => ({
      label,
      perf: round2(mean(perLabel[li]!)),
      perf_std: seedCount > 1 ? round2(std(perLabel[li]!)) : null,
    })),
  };
}
