import { describe, expect, it } from 'vitest';
import { vectors } from '../test/vectors.js';
import { corpusBleu, corpusChrf, sentenceBleu, sentenceChrf, tokenize13a } from './mt.js';

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
