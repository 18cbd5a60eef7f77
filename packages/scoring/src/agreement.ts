/**
 * Krippendorff's alpha for nominal data (Krippendorff 2011, "Computing Krippendorff's
 * Alpha-Reliability"): units are the things judged (examples), each with the labels its judges
 * gave; units with fewer than two labels are not pairable and do not count.
 */
export type Unit = ReadonlyArray<string | number>;

export function krippendorffAlphaNominal(units: ReadonlyArray<Unit>): number | null {
  const coincidences = new Map<string, Map<string, number>>();
  const add = (a: string, b: string, w: number) => {
    const row = coincidences.get(a) ?? new Map<string, number>();
    row.set(b, (row.get(b) ?? 0) + w);
    coincidences.set(a, row);
  };
  for (const unit of units) {
    const m = unit.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) if (i !== j) add(String(unit[i]), String(unit[j]), 1 / (m - 1));
    }
  }
  const totals = new Map<string, number>();
  let n = 0;
  let observedDisagreement = 0;
  for (const [c, row] of coincidences) {
    for (const [k, o] of row) {
      totals.set(c, (totals.get(c) ?? 0) + o);
      n += o;
      if (c !== k) observedDisagreement += o;
    }
  }
  if (n <= 1) return null;
  let expected = 0;
  const values = [...totals.entries()];
  for (const [c, nc] of values) for (const [k, nk] of values) if (c !== k) expected += nc * nk;
  if (expected === 0) return observedDisagreement === 0 ? 1 : null; // one value used throughout
  return 1 - ((n - 1) * observedDisagreement) / expected;
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

/**
 * A percentile bootstrap interval for alpha: units are resampled with replacement (pairable
 * units only), `samples` times with a fixed seed.
 */
export function alphaBootstrapInterval(
  units: ReadonlyArray<Unit>,
  options: { samples?: number; level?: number; seed?: number } = {},
): [number, number] | null {
  const pairable = units.filter((u) => u.length >= 2);
  if (pairable.length < 2) return null;
  const { samples = 1000, level = 0.95, seed = 20201201 } = options;
  const next = rng(seed);
  const alphas: number[] = [];
  for (let b = 0; b < samples; b++) {
    const sample = Array.from(
      { length: pairable.length },
      () => pairable[Math.floor(next() * pairable.length)]!,
    );
    const a = krippendorffAlphaNominal(sample);
    if (a !== null) alphas.push(a);
  }
  if (alphas.length < samples / 2) return null;
  alphas.sort((x, y) => x - y);
  return [quantile(alphas, (1 - level) / 2), quantile(alphas, 1 - (1 - level) / 2)];
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
