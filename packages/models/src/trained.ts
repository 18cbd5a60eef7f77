import weights from './weights/baselines.json' with { type: 'json' };
import { type BuiltinModel } from './baselines.js';
import { argmax, contentWords, softmax, tokenize } from './text.js';

/**
 * Baselines trained by scripts/train-baselines.mjs on each demo task's standard dataset (never
 * on the scoring dataset they are ranked on). They give the leaderboards honest lower rows.
 */

interface NaiveBayesWeights {
  trained_on: string;
  examples: number;
  fields: string[];
  labels: string[];
  majority: string;
  log_prior: number[];
  log_unknown: number[];
  log_likelihood: Record<string, number[]>;
}

const WEIGHTS = weights as Record<string, NaiveBayesWeights>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

function weightsOf(code: string): NaiveBayesWeights {
  const w = WEIGHTS[code];
  if (!w) throw new Error(`no trained weights for task ${code}`);
  return w;
}

/** Always the most frequent label of the training data, with the training label distribution. */
export function majorityClass(code: string, taskName: string): BuiltinModel {
  const w = weightsOf(code);
  const prob = softmax(Object.fromEntries(w.labels.map((l, i) => [l, w.log_prior[i]!])));
  return {
    name: `majority-class-${code}-baseline`,
    taskCode: code,
    description: `Always answers "${w.majority}", the most frequent label of ${w.examples} ${taskName} training examples (${w.trained_on}).`,
    predict: () => ({ label: w.majority, prob }),
  };
}

/** Multinomial naive Bayes over the words of the input fields (Laplace smoothing). */
export function naiveBayes(code: string, taskName: string): BuiltinModel {
  const w = weightsOf(code);
  return {
    name: `naive-bayes-${code}-baseline`,
    taskCode: code,
    description: `Bag-of-words naive Bayes over the ${w.fields.join(' and ')} field, trained on ${w.examples} ${taskName} examples of ${w.trained_on} (its score there is training accuracy).`,
    predict(input) {
      const scores = [...w.log_prior];
      for (const field of w.fields) {
        for (const t of tokenize(text(input[field]))) {
          const ll = w.log_likelihood[t.lower] ?? w.log_unknown;
          for (let i = 0; i < scores.length; i++) scores[i]! += ll[i]!;
        }
      }
      const prob = softmax(Object.fromEntries(w.labels.map((l, i) => [l, scores[i]!])));
      return { label: argmax(prob), prob };
    },
  };
}

const sentencesOf = (context: string) =>
  [...context.matchAll(/[^.!?]+[.!?]?/g)].map((m) => m[0].trim()).filter(Boolean);

/** Answers with the passage's first sentence: what a reader who stops early would say. */
export const qaFirstSentence: BuiltinModel = {
  name: 'first-sentence-qa-baseline',
  taskCode: 'qa',
  description: 'Answers every question with the first sentence of the passage.',
  predict(input) {
    const [first] = sentencesOf(text(input.context));
    return { answer: first ?? '', conf: 0.05 };
  },
};

/** Answers with the whole sentence sharing most content words with the question. */
export const qaBestSentence: BuiltinModel = {
  name: 'question-overlap-sentence-qa-baseline',
  taskCode: 'qa',
  description:
    'Answers with the whole passage sentence that shares most content words with the question.',
  predict(input) {
    const q = new Set(contentWords(text(input.question)));
    let best = { sentence: '', score: -1 };
    for (const sentence of sentencesOf(text(input.context))) {
      const score = contentWords(sentence).filter((word) => q.has(word)).length;
      if (score > best.score) best = { sentence, score };
    }
    return { answer: best.sentence, conf: Math.min(1, Math.max(0.05, best.score / 5)) };
  },
};

export const TRAINED_BASELINES: BuiltinModel[] = [
  majorityClass('sentiment', 'sentiment'),
  naiveBayes('sentiment', 'sentiment'),
  majorityClass('hs', 'hate speech'),
  naiveBayes('hs', 'hate speech'),
  majorityClass('nli', 'NLI'),
  naiveBayes('nli', 'NLI (hypothesis only)'),
  qaFirstSentence,
  qaBestSentence,
];
