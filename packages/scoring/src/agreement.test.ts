import { describe, expect, it } from 'vitest';
import {
  alphaBootstrapInterval,
  krippendorffAlphaNominal,
  wilsonInterval,
  type Unit,
} from './agreement.js';

/** Observers × units with null for "did not code", turned into units of given labels. */
const toUnits = (rows: Array<Array<number | null>>): Unit[] =>
  rows[0]!.map((_, u) =>
    rows.map((r) => r[u]).filter((v): v is number => v !== null && v !== undefined),
  );

describe('Krippendorff’s alpha (nominal)', () => {
  it('reproduces Krippendorff (2011): 4 observers, 12 units, missing data → 0.743', () => {
    const data = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
      [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
    ];
    expect(krippendorffAlphaNominal(toUnits(data))).toBeCloseTo(0.743, 3);
  });

  it('reproduces the Wikipedia example: 3 coders, 15 units → 0.691', () => {
    const n = null;
    const data = [
      [n, n, n, n, n, 3, 4, 1, 2, 1, 1, 3, 3, n, 3],
      [1, n, 2, 1, 3, 3, 4, 3, n, n, n, n, n, n, n],
      [n, n, 2, 1, 3, 4, 4, n, 2, 1, 1, 3, 3, n, 4],
    ];
    expect(krippendorffAlphaNominal(toUnits(data))).toBeCloseTo(0.691, 3);
  });

  it('is 1 for perfect agreement, below 0 for systematic disagreement, null without pairable units', () => {
    expect(
      krippendorffAlphaNominal([
        ['correct', 'correct'],
        ['incorrect', 'incorrect', 'incorrect'],
      ]),
    ).toBe(1);
    expect(
      krippendorffAlphaNominal([
        ['a', 'b'],
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).toBeLessThan(0);
    expect(krippendorffAlphaNominal([['a'], []])).toBeNull();
  });
});

/** Alpha by the book: the full coincidence matrix (Krippendorff 2011, section C). */
function alphaByCoincidences(units: string[][]): number | null {
  const o = new Map<string, number>();
  const key = (a: string, b: string) => `${a}\u0000${b}`;
  for (const unit of units) {
    const m = unit.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++)
        if (i !== j)
          o.set(key(unit[i]!, unit[j]!), (o.get(key(unit[i]!, unit[j]!)) ?? 0) + 1 / (m - 1));
  }
  const values = [...new Set(units.filter((u) => u.length >= 2).flat())];
  const nc = new Map(
    values.map((c) => [c, values.reduce((t, k) => t + (o.get(key(c, k)) ?? 0), 0)]),
  );
  const n = [...nc.values()].reduce((a, b) => a + b, 0);
  if (n <= 1) return null;
  let disagreement = 0;
  let expected = 0;
  for (const c of values)
    for (const k of values)
      if (c !== k) {
        disagreement += o.get(key(c, k)) ?? 0;
        expected += nc.get(c)! * nc.get(k)!;
      }
  if (expected === 0) return disagreement === 0 ? 1 : null;
  return 1 - ((n - 1) * disagreement) / expected;
}

describe('alpha without the coincidence matrix', () => {
  it('equals the coincidence-matrix computation on random data, duplicated units included', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const labels = ['a', 'b', 'c', 'd'];
    for (let trial = 0; trial < 50; trial++) {
      const units = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        Array.from({ length: Math.floor(random() * 5) }, () => labels[Math.floor(random() * 4)]!),
      );
      // A bootstrap resample draws units more than once.
      const resampled = [...units, ...units.slice(0, Math.floor(units.length / 2))];
      for (const sample of [units, resampled]) {
        const expected = alphaByCoincidences(sample);
        const got = krippendorffAlphaNominal(sample);
        if (expected === null) expect(got).toBeNull();
        else expect(got).toBeCloseTo(expected, 12);
      }
    }
  });
});

describe('bootstrap interval of alpha', () => {
  const units: Unit[] = [
    ...Array.from({ length: 30 }, () => ['correct', 'correct', 'correct']),
    ...Array.from({ length: 10 }, () => ['correct', 'incorrect', 'correct']),
    ...Array.from({ length: 10 }, () => ['incorrect', 'incorrect', 'flagged']),
  ];
  it('contains the point estimate, is reproducible, and narrows with more data', () => {
    const alpha = krippendorffAlphaNominal(units)!;
    const [lo, hi] = alphaBootstrapInterval(units, { samples: 400 })!;
    expect(lo).toBeLessThanOrEqual(alpha);
    expect(hi).toBeGreaterThanOrEqual(alpha);
    expect(alphaBootstrapInterval(units, { samples: 400 })).toEqual([lo, hi]);
    const [lo4, hi4] = alphaBootstrapInterval([...units, ...units, ...units, ...units], {
      samples: 400,
    })!;
    expect(hi4 - lo4).toBeLessThan(hi - lo);
  });
});

describe('Wilson interval', () => {
  it('matches known values', () => {
    // 8 of 10: the usual textbook interval is about [0.490, 0.943].
    const [lo, hi] = wilsonInterval(8, 10)!;
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
