/** Deterministic generators for demo data (no I/O): same seed, same data on every install. */

/** mulberry32: a small, well-distributed 32-bit PRNG. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  // Box–Muller; 1 - u keeps the logarithm finite.
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface FeatureExample {
  uid: string;
  features: number[];
  labels: string[];
  tags: string[];
}

export interface FeaturePoolSpec {
  seed: number;
  dimensions: number;
  pool_size: number;
  test_size: number;
  labels: string[];
  cluster_spread: number;
  second_label_rate: number;
}

/**
 * A training pool and a test set of feature vectors drawn around one centre per label; a few
 * examples carry a second label (multilabel, as Dataperf F1 expects).
 */
export function generateFeaturePool(spec: FeaturePoolSpec): {
  pool: FeatureExample[];
  test: FeatureExample[];
} {
  const rand = seededRandom(spec.seed);
  const centres = spec.labels.map(() =>
    Array.from({ length: spec.dimensions }, () => 3 * gaussian(rand)),
  );
  const draw = (prefix: string, n: number): FeatureExample[] =>
    Array.from({ length: n }, (_, i) => {
      const k = Math.floor(rand() * spec.labels.length);
      const labels = [spec.labels[k]!];
      let centre = centres[k]!;
      if (rand() < spec.second_label_rate) {
        const j = (k + 1 + Math.floor(rand() * (spec.labels.length - 1))) % spec.labels.length;
        labels.push(spec.labels[j]!);
        centre = centre.map((c, d) => (c + centres[j]![d]!) / 2);
      }
      const features = centre.map(
        (c) => Math.round((c + spec.cluster_spread * gaussian(rand)) * 1e4) / 1e4,
      );
      return {
        uid: `${prefix}-${String(i + 1).padStart(4, '0')}`,
        features,
        labels,
        tags: [...labels],
      };
    });
  return { pool: draw('train', spec.pool_size), test: draw('test', spec.test_size) };
}

export interface ParallelSentence {
  id: number;
  [language: string]: string | number;
}

export interface TranslationLine {
  uid: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  translatedText: string;
  tags: string[];
}

/** One line per sentence and direction ("eng-fra"), tagged with the direction. */
export function translationLines(
  sentences: ParallelSentence[],
  directions: string[],
  perDirection: number,
  split: string,
): TranslationLine[] {
  const lines: TranslationLine[] = [];
  for (const direction of directions) {
    const [src, tgt] = direction.split('-');
    if (!src || !tgt) throw new Error(`direction "${direction}" must look like eng-fra`);
    const usable = sentences.filter(
      (s) => typeof s[src] === 'string' && typeof s[tgt] === 'string',
    );
    if (usable.length < perDirection) {
      throw new Error(`only ${usable.length} sentences for ${direction}, ${perDirection} needed`);
    }
    for (const s of usable.slice(0, perDirection)) {
      lines.push({
        uid: `${s.id}-${src}-${tgt}-${split}`,
        sourceLanguage: src,
        targetLanguage: tgt,
        sourceText: s[src] as string,
        translatedText: s[tgt] as string,
        tags: [direction],
      });
    }
  }
  return lines;
}
