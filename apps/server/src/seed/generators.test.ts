import { describe, expect, it } from 'vitest';
import { generateFeaturePool, seededRandom, translationLines } from './generators.js';

const spec = {
  seed: 7,
  dimensions: 4,
  pool_size: 50,
  test_size: 20,
  labels: ['a', 'b', 'c'],
  cluster_spread: 1,
  second_label_rate: 0.2,
};

describe('seededRandom', () => {
  it('repeats for a seed and differs across seeds, within [0, 1)', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const c = seededRandom(2);
    const xs = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 100 }, () => c())).not.toEqual(xs);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('generateFeaturePool', () => {
  it('is deterministic, sized as asked, with known labels and unique uids', () => {
    const one = generateFeaturePool(spec);
    expect(generateFeaturePool(spec)).toEqual(one);
    expect(one.pool).toHaveLength(50);
    expect(one.test).toHaveLength(20);
    const uids = new Set([...one.pool, ...one.test].map((e) => e.uid));
    expect(uids.size).toBe(70);
    for (const e of one.pool) {
      expect(e.features).toHaveLength(4);
      expect(e.labels.length).toBeGreaterThanOrEqual(1);
      for (const l of e.labels) expect(spec.labels).toContain(l);
      expect(new Set(e.labels).size).toBe(e.labels.length);
    }
  });

  it('separates labels: examples lie nearer their own centre on average', () => {
    const { pool } = generateFeaturePool({ ...spec, pool_size: 600, second_label_rate: 0 });
    const mean = (label: string) => {
      const xs = pool.filter((e) => e.labels[0] === label).map((e) => e.features);
      return xs[0]!.map((_, d) => xs.reduce((s, x) => s + x[d]!, 0) / xs.length);
    };
    const centres = spec.labels.map(mean);
    const dist = (x: number[], c: number[]) => Math.hypot(...x.map((v, d) => v - c[d]!));
    let nearestOwn = 0;
    for (const e of pool) {
      const k = spec.labels.indexOf(e.labels[0]!);
      const ds = centres.map((c) => dist(e.features, c));
      if (ds.indexOf(Math.min(...ds)) === k) nearestOwn++;
    }
    expect(nearestOwn / pool.length).toBeGreaterThan(0.8);
  });
});

describe('translationLines', () => {
  const sentences = [
    { id: 1, eng: 'Hello', fra: 'Bonjour', deu: 'Hallo' },
    { id: 2, eng: 'Thanks', fra: 'Merci', deu: 'Danke' },
  ];
  it('makes one line per sentence and direction, tagged with the direction', () => {
    const lines = translationLines(sentences, ['eng-fra', 'deu-eng'], 2, 'dev');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({
      uid: '1-eng-fra-dev',
      sourceLanguage: 'eng',
      targetLanguage: 'fra',
      sourceText: 'Hello',
      translatedText: 'Bonjour',
      tags: ['eng-fra'],
    });
    expect(lines[3]!.tags).toEqual(['deu-eng']);
  });
  it('refuses a direction without enough sentences', () => {
    expect(() => translationLines(sentences, ['eng-spa'], 1, 'dev')).toThrow(
      /only 0 sentences for eng-spa/,
    );
    expect(() => translationLines(sentences, ['english'], 1, 'dev')).toThrow(
      /must look like eng-fra/,
    );
  });
});
