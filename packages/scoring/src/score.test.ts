import { describe, expect, it } from 'vitest';
import { spmModelBytes, vectors } from '../test/vectors.js';
import { combineReplicates, datasetSeed, replicateCounts, resamplePlan } from './bootstrap.js';
import { ScoringInputError, accuracy, macroF1 } from './classification.js';
import { corpusBleu, corpusChrf } from './mt.js';
import { scoreDataset } from './score.js';
import { loadSentencePiece } from './sentencepiece.js';

const { mt } = vectors;

/** A deterministic classification dataset and a model that is right about `rate` of the time. */
function classification(n: number, rate: number, salt = 1) {
  const labels = ['entailment', 'neutral', 'contradiction'];
  let s = salt;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const targets: string[] = [];
  const predictions: string[] = [];
  for (let i = 0; i < n; i++) {
    const gold = Math.floor(random() * 3);
    targets.push(labels[gold]!);
    predictions.push(labels[random() < rate ? gold : Math.floor(random() * 3)]!);
  }
  return { targets, predictions };
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};

describe('scoreDataset', () => {
  const seed = datasetSeed('nli/test-dataset');

  it('gives the metric itself as perf, and 1,000 replicates around it', () => {
    const { predictions, targets } = classification(2000, 0.7);
    const score = scoreDataset('accuracy', predictions, targets, null, { seed });
    const p = accuracy(predictions, targets);
    expect(score.perf).toBe(p);
    expect(score.pretty_perf).toBe(`${p} %`);
    expect(score.perf_dict).toEqual({ accuracy: p });
    expect(score.perf_std).toBeNull();
    expect(score.replicates).toHaveLength(1000);
    expect(mean(score.replicates)).toBeCloseTo(p, 0);
    // The binomial standard error, ×100, within the Monte Carlo error of 1,000 replicates.
    const se = 100 * Math.sqrt(((p / 100) * (1 - p / 100)) / 2000);
    expect(sd(score.replicates) / se).toBeGreaterThan(0.9);
    expect(sd(score.replicates) / se).toBeLessThan(1.1);
  });

  it('macro F1 as sklearn computes it, per tag too', () => {
    const { predictions, targets } = classification(500, 0.6);
    const tags = targets.map((_, i) => (i % 3 === 0 ? ['odd-one'] : ['rest', 'all']));
    const score = scoreDataset('macro_f1', predictions, targets, tags, { seed });
    expect(score.perf).toBe(macroF1(predictions, targets));
    const subset = (tag: string) => {
      const idx = tags.flatMap((t, i) => (t.includes(tag) ? [i] : []));
      return macroF1(
        idx.map((i) => predictions[i]),
        idx.map((i) => targets[i]),
      );
    };
    // Tags in the order they first appear.
    expect(score.perf_by_tag.map((t) => [t.tag, t.perf])).toEqual([
      ['odd-one', subset('odd-one')],
      ['rest', subset('rest')],
      ['all', subset('all')],
    ]);
    expect(subset('odd-one')).not.toBe(subset('rest'));
    expect(score.perf_by_tag[1]).toMatchObject({
      perf_std: null,
      pretty_perf: `${subset('rest')} %`,
    });
  });

  it.each([
    ['item by item', 300, undefined],
    ['in groups', 3000, 64],
  ])('pairs the replicates of every model on a dataset (%s)', (_how, n, groups) => {
    const { predictions, targets } = classification(n, 0.5);
    // Model B is right exactly where model A is wrong: on every common resample their
    // accuracies add up to 100.
    const other = predictions.map((p, i) => (p === targets[i] ? 'none-of-these' : targets[i]!));
    const a = scoreDataset('accuracy', predictions, targets, null, { seed, groups });
    const b = scoreDataset('accuracy', other, targets, null, { seed, groups });
    expect(a.bootstrap).toEqual(b.bootstrap);
    expect(a.bootstrap.grouped).toBe(groups !== undefined);
    a.replicates.forEach((r, i) => expect(r + b.replicates[i]!).toBeCloseTo(100, 3));
    // Another dataset draws other resamples.
    const c = scoreDataset('accuracy', predictions, targets, null, {
      seed: datasetSeed('nli/another-dataset'),
      groups,
    });
    expect(c.replicates).not.toEqual(a.replicates);
    expect(
      scoreDataset('accuracy', predictions, targets, null, { seed, groups }).replicates,
    ).toEqual(a.replicates);
  });

  it('draws as many units as it resamples, from the seed alone', () => {
    const plan = resamplePlan(50_000, { seed: 7, groups: 1000 });
    expect(plan).toMatchObject({ units: 1000, grouped: true });
    const first = Array.from(replicateCounts(plan, 3, new Uint32Array(1000)));
    expect(first.reduce((s, c) => s + c, 0)).toBe(1000);
    expect(Array.from(replicateCounts(plan, 3, new Uint32Array(1000)))).toEqual(first);
    expect(Array.from(replicateCounts(plan, 4, new Uint32Array(1000)))).not.toEqual(first);
  });

  it('BLEU, chrF and chrF++ over the dataset match the reference corpus scores', () => {
    const opts = { seed, replicates: 50 };
    expect(scoreDataset('bleu', mt.hypotheses, mt.references, null, opts).perf).toBeCloseTo(
      mt.corpus_bleu_13a,
      4,
    );
    expect(scoreDataset('chrf', mt.hypotheses, mt.references, null, opts).perf).toBeCloseTo(
      mt.corpus_chrf,
      4,
    );
    const chrfpp = scoreDataset('chrf_pp', mt.hypotheses, mt.references, null, opts);
    expect(chrfpp.perf).toBeCloseTo(mt.corpus_chrfpp, 4);
    expect(chrfpp.pretty_perf).toBe(mt.corpus_chrfpp.toFixed(2));
  });

  it('sp-BLEU with the task’s SentencePiece model matches the reference', async () => {
    const sentencePiece = await loadSentencePiece(spmModelBytes());
    const score = scoreDataset('sp_bleu', mt.hypotheses, mt.references, null, {
      seed,
      replicates: 50,
      sentencePiece,
    });
    expect(score.perf).toBeCloseTo(mt.corpus_spbleu, 4);
    expect(() => scoreDataset('sp_bleu', mt.hypotheses, mt.references, null, { seed })).toThrow(
      /SentencePiece/,
    );
  });

  it('translation tracks: perf is the mean over directions of the per-direction score', () => {
    const tags = mt.hypotheses.map((_, i) => [i < 6 ? 'eng-fra' : i < 11 ? 'eng-deu' : 'deu-eng']);
    const score = scoreDataset('chrf_pp', mt.hypotheses, mt.references, tags, {
      seed,
      replicates: 200,
      perfOver: 'tags',
    });
    const direction = (tag: string) => {
      const idx = tags.flatMap((t, i) => (t[0] === tag ? [i] : []));
      return corpusChrf(
        idx.map((i) => mt.hypotheses[i]!),
        idx.map((i) => mt.references[i]!),
        2,
      );
    };
    const perDirection = ['eng-fra', 'eng-deu', 'deu-eng'].map(direction);
    expect(score.perf_by_tag.map((t) => t.perf)).toEqual(perDirection);
    expect(score.perf).toBe(Math.round(mean(perDirection) * 100) / 100);
    expect(score.pretty_perf).toBe(score.perf.toFixed(2));
    expect(score.replicates).toHaveLength(200);
    expect(Math.abs(mean(score.replicates) - score.perf)).toBeLessThan(3 * sd(score.replicates));
    expect(() =>
      scoreDataset('bleu', mt.hypotheses, mt.references, null, { seed, perfOver: 'tags' }),
    ).toThrow(ScoringInputError);
  });

  it('BLEU per tag is corpus BLEU of the tag’s sentences', () => {
    const tags = mt.hypotheses.map((_, i) => (i % 2 ? ['odd'] : ['even']));
    const score = scoreDataset('bleu', mt.hypotheses, mt.references, tags, {
      seed,
      replicates: 20,
    });
    const odd = mt.hypotheses.flatMap((_, i) => (i % 2 ? [i] : []));
    expect(score.perf_by_tag.find((t) => t.tag === 'odd')?.perf).toBeCloseTo(
      corpusBleu(
        odd.map((i) => mt.hypotheses[i]!),
        odd.map((i) => mt.references[i]!),
      ),
      10,
    );
  });

  it('SQuAD F1 with exact match in perf_dict', () => {
    const items = vectors.squad.items;
    const score = scoreDataset(
      'squad_f1',
      items.map((i) => i.prediction),
      items.map((i) => i.answers),
      null,
      { seed, replicates: 20 },
    );
    expect(score.perf).toBeCloseTo(vectors.squad.mean_f1_x100, 4);
    expect(score.perf_dict.exact_match).toBeCloseTo(vectors.squad.mean_em_x100, 4);
  });

  it('Dataperf: perf_std over seeds and perf_by_tag per label', () => {
    const targets = [['cat'], ['dog'], ['cat', 'dog'], []];
    const wrong = [['dog'], ['cat'], [], ['cat', 'dog']];
    const score = scoreDataset(
      'dataperf_f1',
      targets.map((t, i) => [t, wrong[i]!]),
      targets,
      null,
      { seed, replicates: 100 },
    );
    expect(score.perf).toBe(50);
    expect(score.perf_std).toBe(50);
    expect(score.perf_by_tag.map((t) => [t.tag, t.perf, t.perf_std])).toEqual([
      ['cat', 50, 50],
      ['dog', 50, 50],
    ]);
    // Every resample is as good as the full dataset: one seed right, one wrong everywhere.
    expect(new Set(score.replicates)).toEqual(new Set([50]));
  });

  it('refuses unpaired predictions, or tags that do not match the items', () => {
    expect(() => scoreDataset('accuracy', ['a'], ['a', 'b'], null, { seed })).toThrow(
      ScoringInputError,
    );
    expect(() => scoreDataset('accuracy', ['a'], ['a'], [['x'], ['y']], { seed })).toThrow(
      ScoringInputError,
    );
    expect(() => scoreDataset('bleu', [3], ['three'], null, { seed })).toThrow(ScoringInputError);
  });
});

describe('combineReplicates', () => {
  it('combines paired replicates replicate by replicate', () => {
    expect(
      combineReplicates([
        { weight: 0.5, replicates: [10, 20] },
        { weight: 2, replicates: [1, 3] },
      ]),
    ).toEqual([7, 16]);
    expect(() =>
      combineReplicates([
        { weight: 1, replicates: [1] },
        { weight: 1, replicates: [1, 2] },
      ]),
    ).toThrow(RangeError);
  });
});
