import { describe, expect, it } from 'vitest';
import { vectors } from '../test/vectors.js';
import {
  clippedMatches,
  corpusBleu,
  corpusChrf,
  sentenceBleu,
  sentenceChrf,
  tokenize13a,
} from './mt.js';

const { mt } = vectors;

describe('BLEU (sacreBLEU 2.x defaults)', () => {
  it('corpus BLEU with the 13a tokenizer matches the reference', () => {
    expect(corpusBleu(mt.hypotheses, mt.references)).toBeCloseTo(mt.corpus_bleu_13a, 4);
  });

  it.each(mt.hypotheses.map((h, i) => [i, h] as const))(
    'sentence BLEU of pair %i matches the reference (effective order)',
    (i, h) => {
      expect(sentenceBleu(h, mt.references[i]!)).toBeCloseTo(mt.sentence_bleu_13a_expsmooth[i]!, 4);
    },
  );

  it('tokenizes as mteval-v13a', () => {
    expect(tokenize13a('Prices rose by 3.5% in March.')).toBe('Prices rose by 3.5 % in March .');
    expect(tokenize13a('1,000,000 and 3.14159, ok')).toBe('1,000,000 and 3.14159 , ok');
    expect(tokenize13a('a&amp;b 2-3')).toBe('a & b 2 - 3');
  });

  it('refuses unpaired lists', () => {
    expect(() => corpusBleu(['a'], [])).toThrow(/pair up/);
  });
});

describe('chrF and chrF++ (6 character orders, β = 2)', () => {
  it('corpus chrF matches the reference', () => {
    expect(corpusChrf(mt.hypotheses, mt.references)).toBeCloseTo(mt.corpus_chrf, 4);
  });

  it('corpus chrF++ (2 word orders) matches the reference', () => {
    expect(corpusChrf(mt.hypotheses, mt.references, 2)).toBeCloseTo(mt.corpus_chrfpp, 4);
  });

  it.each(mt.hypotheses.map((h, i) => [i, h] as const))(
    'sentence chrF++ of pair %i matches the reference',
    (i, h) => {
      expect(sentenceChrf(h, mt.references[i]!, 2)).toBeCloseTo(mt.sentence_chrfpp[i]!, 4);
    },
  );
});

describe('clipped n-gram matches', () => {
  /** Σ min(count in a, count in b) over the n-grams of order n, counted the plain way. */
  function naive(a: readonly number[], b: readonly number[], n: number): number {
    const grams = (s: readonly number[]) => {
      const m = new Map<string, number>();
      for (let i = 0; i + n <= s.length; i++) {
        const k = s.slice(i, i + n).join(',');
        m.set(k, (m.get(k) ?? 0) + 1);
      }
      return m;
    };
    const gb = grams(b);
    let total = 0;
    for (const [k, c] of grams(a)) total += Math.min(c, gb.get(k) ?? 0);
    return total;
  }

  it.each([
    ['a few distinct symbols (integer keys)', 5],
    ['hundreds of distinct symbols (string keys)', 600],
  ])('agree with plain counting: %s', (_what, alphabet) => {
    let state = alphabet;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % alphabet;
    };
    for (let trial = 0; trial < 20; trial++) {
      const a = Array.from({ length: 300 + trial }, next);
      const b = [...a.slice(0, 150), ...Array.from({ length: 200 }, next)];
      const matches = clippedMatches(a, b, 6);
      matches.forEach((m, i) => expect(m).toBe(naive(a, b, i + 1)));
    }
  });

  it('counts characters outside the BMP as one character', () => {
    expect(sentenceChrf('😀 ab', '😀ab')).toBe(100);
    expect(sentenceChrf('😀b', '😁b')).toBeGreaterThan(0);
    expect(sentenceChrf('😀b', '😁b')).toBeLessThan(100);
  });
});
