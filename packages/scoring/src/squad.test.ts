import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeAnswer, squadExactMatch, squadF1, squadItem } from './squad.js';

// Reference values computed by the official SQuAD v1.1 evaluation logic (reference/README.md).
const vectors = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../reference/metric-vectors.json'), 'utf8'),
) as {
  squad: {
    items: Array<{ prediction: string; answers: string[]; em: number; f1: number }>;
    mean_em_x100: number;
    mean_f1_x100: number;
  };
};

describe('SQuAD exact match and F1', () => {
  it.each(vectors.squad.items.map((item, i) => [i, item] as const))(
    'item %i matches the reference',
    (_i, item) => {
      expect(squadExactMatch(item.prediction, item.answers)).toBeCloseTo(item.em, 4);
      expect(squadF1(item.prediction, item.answers)).toBeCloseTo(item.f1, 4);
    },
  );

  it('matches the reference corpus means (×100)', () => {
    const n = vectors.squad.items.length;
    const em =
      (100 *
        vectors.squad.items.reduce((s, i) => s + squadExactMatch(i.prediction, i.answers), 0)) /
      n;
    const f1 =
      (100 * vectors.squad.items.reduce((s, i) => s + squadF1(i.prediction, i.answers), 0)) / n;
    expect(em).toBeCloseTo(vectors.squad.mean_em_x100, 4);
    expect(f1).toBeCloseTo(vectors.squad.mean_f1_x100, 4);
  });

  it('normalises as the official script does', () => {
    expect(normalizeAnswer('  The  Eiffel-Tower!  ')).toBe('eiffeltower');
    expect(normalizeAnswer('an apple a day')).toBe('apple day');
  });
});

describe('per-item figures for the breakdown', () => {
  it.each(vectors.squad.items.map((item, i) => [i, item] as const))(
    'item %i gives the reference exact match and F1',
    (_i, item) => {
      const figures = squadItem(item.prediction, item.answers);
      expect(figures.em).toBeCloseTo(item.em, 4);
      expect(figures.f1).toBeCloseTo(item.f1, 4);
    },
  );
});
