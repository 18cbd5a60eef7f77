import { describe, expect, it } from 'vitest';
import { ScoringInputError, accuracy, dataperfF1, macroF1 } from './classification.js';

describe('accuracy', () => {
  it('is the share of right predictions ×100, rounded to 2 decimals', () => {
    expect(accuracy(['a', 'b', 'a'], ['a', 'a', 'a'])).toBe(66.67);
  });

  it('takes a list target as the acceptable answers', () => {
    expect(accuracy(['entailment', 'neutral'], [['entailment', 'neutral'], 'contradiction'])).toBe(
      50,
    );
  });

  it('never equates a string and a number', () => {
    expect(accuracy([1, '1'], ['1', 1])).toBe(0);
    expect(accuracy([1, { a: 1 }], [1, { a: 1 }])).toBe(100);
  });

  it('refuses unpaired or empty input', () => {
    expect(() => accuracy(['a'], ['a', 'b'])).toThrow(ScoringInputError);
    expect(() => accuracy([], [])).toThrow(ScoringInputError);
  });
});

describe('macro F1', () => {
  it('matches sklearn’s documented example (0.2667)', () => {
    // sklearn.metrics.f1_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    expect(macroF1([0, 2, 1, 0, 0, 1], [0, 1, 2, 0, 1, 2])).toBe(26.67);
  });

  it('counts a class that only the model predicts (F1 0), as sklearn does', () => {
    // a: 1 true positive, predicted once, actual twice → F1 2/3; b → 1; c (predicted only) → 0.
    expect(macroF1(['a', 'b', 'c'], ['a', 'b', 'a'])).toBe(55.56);
  });

  it('needs one label per example', () => {
    expect(() => macroF1(['a'], [['a', 'b']])).toThrow(ScoringInputError);
  });
});

describe('Dataperf F1', () => {
  const targets = [['cat'], ['dog'], ['cat', 'dog'], []];

  it('averages over labels the share of examples whose label presence is right', () => {
    // cat: right on items 0, 1, 3, wrong on 2 → 75; dog: right on 1, 2, 3, wrong on 0 → 75.
    const result = dataperfF1([['cat', 'dog'], ['dog'], ['dog'], []], targets);
    expect(result.perf).toBe(75);
    expect(result.perf_std).toBeNull();
    expect(result.by_label).toEqual([
      { label: 'cat', perf: 75, perf_std: null },
      { label: 'dog', perf: 75, perf_std: null },
    ]);
  });

  it('with predictions per seed, reports the mean and the standard deviation over seeds', () => {
    const perfect = targets;
    const allWrong = [['dog'], ['cat'], [], ['cat', 'dog']];
    const result = dataperfF1(
      targets.map((_, i) => [perfect[i]!, allWrong[i]!]),
      targets,
    );
    expect(result.perf).toBe(50); // seeds score 100 and 0
    expect(result.perf_std).toBe(50); // population standard deviation of [100, 0]
    expect(result.by_label.map((l) => [l.label, l.perf, l.perf_std])).toEqual([
      ['cat', 50, 50],
      ['dog', 50, 50],
    ]);
  });

  it('refuses ragged seeds', () => {
    expect(() => dataperfF1([[['cat']], [['dog'], ['cat']]], [['cat'], ['dog']])).toThrow(
      ScoringInputError,
    );
  });
});
