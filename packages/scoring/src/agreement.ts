/**
 * Krippendorff's alpha for nominal data (Krippendorff 2011, "Computing Krippendorff's
 * Alpha-Reliability"): units are the things judged (examples), each with the labels its judges
 * gave; units with fewer than two labels are not pairable and do not count.
 */
export type Unit = ReadonlyArray<string | number>;

/**
 * Each pairable unit reduced to what alpha needs: its number of labels, its agreement
 * (Σ_c n_uc(n_uc − 1)/(m_u − 1), its share of the coincidence diagonal) and its label counts.
 * Alpha is then 1 − (n − 1)(n − A) / (n² − Σ_c n_c²), with n = Σ m_u, A = Σ agreements and n_c
 * the label totals: the coincidence matrix without building it, so a bootstrap resample costs one
 * pass over the units.
 */
interface PreparedUnits {
  count: number;
  labels: Float64Array;
  agreement: Float64Array;
  /** Unit u's label counts are counts[start[u]..start[u + 1]) of categories category[…]. */
  start: Uint32Array;
  category: Uint32Array;
  counts: Float64Array;
  categories: number;
}

function prepare(units: ReadonlyArray<Unit>): PreparedUnits {
  const pairable = units.filter((u) => u.length >= 2);
  const ids = new Map<string, number>();
  const start = new Uint32Array(pairable.length + 1);
  const category: number[] = [];
  const counts: number[] = [];
  const labels = new Float64Array(pairable.length);
  const agreement = new Float64Array(pairable.length);
  pairable.forEach((unit, u) => {
    const perUnit = new Map<number, number>();
    for (const value of unit) {
      const key = String(value);
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      perUnit.set(id, (perUnit.get(id) ?? 0) + 1);
    }
    const m = unit.length;
    let agree = 0;
    for (const [id, c] of perUnit) {
      category.push(id);
      counts.push(c);
      agree += (c * (c - 1)) / (m - 1);
    }
    labels[u] = m;
    agreement[u] = agree;
    start[u + 1] = category.length;
  });
  return {
    count: pairable.length,
    labels,
    agreement,
    start,
    category: Uint32Array.from(category),
    counts: Float64Array.from(counts),
    categories: ids.size,
  };
}

/** Alpha over the prepared units, each taken `weight[u]` times (all once without weights). */
function alphaOf(p: PreparedUnits, totals: Float64Array, weight?: Uint32Array): number | null {
  totals.fill(0);
  let n = 0;
  let agreed = 0;
  for (let u = 0; u < p.count; u++) {
    const w = weight ? weight[u]! : 1;
    if (w === 0) continue;
    n += w * p.labels[u]!;
    agreed += w * p.agreement[u]!;
    for (let i = p.start[u]!; i < p.start[u + 1]!; i++) totals[p.category[i]!]! += w * p.counts[i]!;
  }
  if (n <= 1) return null;
  let squares = 0;
  for (let c = 0; c < p.categories; c++) squares += totals[c]! * totals[c]!;
  const expected = n * n - squares;
  // Sums of floating-point weights: a disagreement this small is none.
  const observedDisagreement = Math.abs(n - agreed) < 1e-9 * n ? 0 : n - agreed;
  if (expected === 0) return observedDisagreement === 0 ? 1 : null; // one value used throughout
  return 1 - ((n - 1) * observedDisagreement) / expected;
}

export function krippendorffAlphaNominal(units: ReadonlyArray<Unit>): number | null {
  const prepared = prepare(units);
  return alphaOf(prepared, new Float64Array(prepared.categories));
}

/** mulberry32: a small seeded generator, so intervals are reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quantile = (sorted: number[], q: number) => {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
};

export interface BootstrapOptions {
  samples?: number;
  level?: number;
  seed?: number;
}

/**
 * Alpha of each bootstrap resample (null where alpha is undefined): units are resampled with
 * replacement (pairable units only), `samples` times with a fixed seed. Nothing when fewer than
 * two units are pairable. A generator, so that a server can pause between resamples.
 */
export function* alphaBootstrapSamples(
  units: ReadonlyArray<Unit>,
  { samples = 1000, seed = 20201201 }: BootstrapOptions = {},
): Generator<number | null> {
  const prepared = prepare(units);
  const size = prepared.count;
  if (size < 2) return;
  const next = rng(seed);
  const totals = new Float64Array(prepared.categories);
  // A resample as how many times each unit was drawn: one pass over the units per resample.
  const weight = new Uint32Array(size);
  for (let b = 0; b < samples; b++) {
    weight.fill(0);
    for (let i = 0; i < size; i++) weight[Math.floor(next() * size)]! += 1;
    yield alphaOf(prepared, totals, weight);
  }
}

/** The percentile interval of bootstrap alphas; null when half of the resamples had none. */
export function percentileInterval(
  alphas: ReadonlyArray<number | null>,
  { samples = 1000, level = 0.95 }: BootstrapOptions = {},
): [number, number] | null {
  const defined = alphas.filter((a): a is number => a !== null).sort((x, y) => x - y);
  if (defined.length === 0 || defined.length < samples / 2) return null;
  return [quantile(defined, (1 - level) / 2), quantile(defined, 1 - (1 - level) / 2)];
}

/** A percentile bootstrap interval for alpha (see alphaBootstrapSamples). */
export function alphaBootstrapInterval(
  units: ReadonlyArray<Unit>,
  options: BootstrapOptions = {},
): [number, number] | null {
  return percentileInterval([...alphaBootstrapSamples(units, options)], options);
}

/** Wilson score interval of a proportion (95% by default). */
export function wilsonInterval(
  successes: number,
  total: number,
  z = 1.959964,
): [number, number] | null {
  if (total <= 0) return null;
  const p = successes / total;
  const denom = 1 + (z * z) / total;
  const centre = (p + (z * z) / (2 * total)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
