import { createRequire } from 'node:module';
import { argmax, contentWords, softmax, tokenize } from './text.js';
import { TRAINED_BASELINES } from './trained.js';

// vader-sentiment ships CommonJS without types: load it with require and type what we use.
const vader = createRequire(import.meta.url)('vader-sentiment') as {
  SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  };
};

/** A model the platform serves itself: pure, deterministic, fast. */
export interface BuiltinModel {
  name: string;
  taskCode: string;
  description: string;
  /** Put in the loop of the demo task's rounds (the model contributors try to fool). */
  inTheLoop?: boolean;
  predict(input: Record<string, unknown>): Record<string, unknown>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function vaderScores(s: string): { neg: number; neu: number; pos: number; compound: number } {
  return vader.SentimentIntensityAnalyzer.polarity_scores(s);
}

/** VADER's lexicon and rules, with the thresholds its authors recommend (±0.05). */
export const sentimentVader: BuiltinModel = {
  name: 'vader-sentiment-baseline',
  inTheLoop: true,
  taskCode: 'sentiment',
  description:
    'VADER lexicon and rules (Hutto & Gilbert, 2014); compound ≥ 0.05 positive, ≤ −0.05 negative.',
  predict(input) {
    const s = vaderScores(text(input.statement));
    const label = s.compound >= 0.05 ? 'positive' : s.compound <= -0.05 ? 'negative' : 'neutral';
    const c = s.compound;
    const prob = softmax({ positive: 4 * c, negative: -4 * c, neutral: 2 * (0.3 - Math.abs(c)) });
    return { label, prob: { ...prob } };
  },
};

const DEHUMANISING = new Set([
  'leeches',
  'vermin',
  'parasites',
  'rats',
  'animals',
  'scum',
  'filth',
  'filthy',
  'savages',
  'cockroaches',
  'pests',
  'plague',
  'stinking',
  'lazy',
  'thieves',
  'criminals',
  'breed',
]);
const GENERALISING =
  /\b(all|those|these|typical|every|the)\s+[A-Z]?[a-z]+(?:s|folk|people)\b|\bthey\s+(all|always|never)\b|\b(go back|don't belong|should be banned|kick them out|send them)\b/i;
const COUNTER_SPEECH =
  /\b(stop|disgusting|not okay|isn't okay|unfair|racist|shameful|stopped being funny|calling)\b/i;

/** A lexicon baseline: dehumanising words, or strongly negative generalisations about a group. */
export const hateSpeechLexicon: BuiltinModel = {
  name: 'lexicon-hate-speech-baseline',
  inTheLoop: true,
  taskCode: 'hs',
  description:
    'Dehumanising-word lexicon plus VADER negativity on generalising statements; quoted counter-speech lowers the score.',
  predict(input) {
    const s = text(input.statement);
    const words = tokenize(s).map((t) => t.lower);
    const dehumanising = words.filter((w) => DEHUMANISING.has(w)).length;
    const compound = vaderScores(s).compound;
    let score =
      1.6 * dehumanising + (GENERALISING.test(s) ? 1.2 : 0) + Math.max(0, -compound) * 1.5 - 1.4;
    if (COUNTER_SPEECH.test(s)) score -= 3;
    const prob = softmax({ hateful: score, 'not-hateful': 0 });
    return { label: argmax(prob), prob };
  },
};

const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'nobody',
  'nothing',
  'none',
  'neither',
  'nor',
  "n't",
  'cannot',
  'without',
]);
const negationCount = (s: string) =>
  tokenize(s).filter(
    (t) => NEGATIONS.has(t.lower) || t.lower.endsWith("n't") || t.lower.endsWith('n’t'),
  ).length;

/** Lexical overlap and negation: the classic NLI baseline that adversarial data breaks. */
export const nliOverlap: BuiltinModel = {
  name: 'overlap-negation-nli-baseline',
  inTheLoop: true,
  taskCode: 'nli',
  description:
    'Share of hypothesis content words found in the premise, and a negation mismatch between the two.',
  predict(input) {
    const premise = new Set(contentWords(text(input.context)));
    const hyp = contentWords(text(input.hypothesis));
    const overlap = hyp.length ? hyp.filter((w) => premise.has(w)).length / hyp.length : 0;
    const mismatch =
      negationCount(text(input.hypothesis)) % 2 !== negationCount(text(input.context)) % 2;
    const prob = softmax({
      entailed: 5 * (overlap - 0.6) - (mismatch ? 2 : 0),
      contradictory: (mismatch ? 2.2 : 0) + 2 * (overlap - 0.5),
      neutral: 2 * (0.55 - overlap),
    });
    return { label: argmax(prob), prob };
  },
};

const QUESTION_WORDS = new Set([
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'how',
  'many',
  'much',
  'long',
  'did',
  'does',
  'do',
]);

/**
 * Sliding-window span model: finds the sentence that shares most words with the question, then
 * answers with the longest run of words in it that the question does not already contain.
 */
export const qaSlidingWindow: BuiltinModel = {
  name: 'sliding-window-qa-baseline',
  inTheLoop: true,
  taskCode: 'qa',
  description:
    'Best-overlapping sentence of the passage; the answer is its longest run of words not in the question.',
  predict(input) {
    const context = text(input.context);
    const qWords = new Set(
      contentWords(text(input.question)).filter((w) => !QUESTION_WORDS.has(w)),
    );
    const sentences = [...context.matchAll(/[^.!?]+[.!?]?/g)].map((m) => ({
      start: m.index,
      text: m[0],
    }));
    let best = { start: 0, text: context, score: -1 };
    for (const s of sentences) {
      const words = contentWords(s.text);
      const score = words.filter((w) => qWords.has(w)).length / Math.sqrt(words.length + 1);
      if (score > best.score) best = { ...s, score };
    }
    const tokens = tokenize(best.text);
    let run: typeof tokens = [];
    let bestRun: typeof tokens = [];
    for (const t of tokens) {
      if (qWords.has(t.lower)) {
        run = [];
        continue;
      }
      run = [...run, t];
      if (run.length > bestRun.length) bestRun = run;
    }
    bestRun = bestRun.slice(0, 8);
    if (bestRun.length === 0) return { answer: '', conf: 0 };
    const from = best.start + bestRun[0]!.start;
    const to = best.start + bestRun.at(-1)!.end;
    const conf = Math.round(Math.min(1, Math.max(0.05, best.score / 2)) * 1e4) / 1e4;
    return { answer: context.slice(from, to), conf };
  },
};

/** Every built-in model by name: the models in the loop first, then the trained baselines. */
export const BUILTIN_MODELS: Record<string, BuiltinModel> = Object.fromEntries(
  [sentimentVader, hateSpeechLexicon, nliOverlap, qaSlidingWindow, ...TRAINED_BASELINES].map(
    (m) => [m.name, m],
  ),
);
