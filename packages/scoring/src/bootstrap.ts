/**
 * Paired bootstrap resamples of a dataset. Which items a replicate draws depends only on the
 * dataset (its seed and size), never on the model, so replicate b of every model on a dataset
 * is computed on the same resample, and a weighted combination of scores taken replicate by
 * replicate carries an honest interval (the models' and datasets' correlations included).
 *
 * Large datasets are resampled in groups: items are spread over `groups` random groups (by a
 * hash of their position and the seed), each group's sufficient statistics are summed once, and
 * a replicate draws groups with replacement. Groups are independent and identically
 * distributed, so this is the bootstrap of the group sums, the variance method used for online
 * experiments ("buckets"). The standard error it gives differs from the item-level one by about
 * 1/√(2·groups) relative: 1.1 % with 4,096 groups, against the 2.2 % Monte Carlo error that 1,000
 * replicates have anyway (together 2.5 % instead of 2.2 %). A replicate then costs O(groups)
 * instead of O(items). A dataset with at
 * most `groups` items is resampled item by item (the plain bootstrap).
 */

export const DEFAULT_REPLICATES = 1000;
export const DEFAULT_GROUPS = 4096;

/** FNV-1a of a dataset's identity (e.g. `"<task code>/<dataset name>"`): its bootstrap seed. */
export function datasetSeed(identity: string | number): number {
  const s = String(identity);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's 32-bit finaliser: a bijection that mixes every bit. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface ResamplePlan {
  seed: number;
  replicates: number;
  /** Number of resampling units: the items, or the groups when there are more items. */
  units: number;
  items: number;
  grouped: boolean;
}

export function resamplePlan(
  items: number,
  {
    seed,
    replicates = DEFAULT_REPLICATES,
    groups = DEFAULT_GROUPS,
  }: { seed: number; replicates?: number; groups?: number },
): ResamplePlan {
  if (!Number.isInteger(items) || items < 1) throw new RangeError('Nothing to resample');
  if (!Number.isInteger(groups) || groups < 1) throw new RangeError('groups must be ≥ 1');
  const grouped = items > groups;
  return { seed: seed >>> 0, replicates, units: grouped ? groups : items, items, grouped };
}

/** The resampling unit of item i: the item itself, or its group. */
export function unitOf(plan: ResamplePlan, item: number): number {
  if (!plan.grouped) return item;
  return fmix32(item + Math.imul(plan.seed, 0x9e3779b1)) % plan.units;
}

/**
 * Replicate b's draw counts: how many times each unit is drawn (`units` draws with replacement),
 * written into `counts` (length `plan.units`). A function of (seed, b, units) only.
 */
export function replicateCounts(plan: ResamplePlan, b: number, counts: Uint32Array): Uint32Array {
  counts.fill(0);
  // mulberry32, seeded per replicate so that replicate b never depends on the others.
  let state = fmix32(plan.seed ^ fmix32(b + 1));
  const units = plan.units;
  for (let k = 0; k < units; k++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    counts[Math.floor(u * units)]! += 1;
  }
  return counts;
}

/**
 * Replicate values of a weighted combination of scores (e.g. a Dynascore's utility terms, or
 * scores over several datasets): replicate b of the result is Σ weight · replicate b of each
 * part. All parts need the same number of replicates.
 */
export function combineReplicates(
  parts: ReadonlyArray<{ weight: number; replicates: readonly number[] }>,
): number[] {
  if (parts.length === 0) return [];
  const count = parts[0]!.replicates.length;
  if (parts.some((p) => p.replicates.length !== count)) {
    throw new RangeError('Every part needs the same number of replicates');
  }
  return Array.from({ length: count }, (_, b) =>
    parts.reduce((sum, p) => sum + p.weight * p.replicates[b]!, 0),
  );
}
