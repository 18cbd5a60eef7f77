import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_MODELS } from './baselines.js';
import { majorityClass, naiveBayes, qaBestSentence, qaFirstSentence } from './trained.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const lines = (code: string, file: string) =>
  fs
    .readFileSync(path.join(root, 'data/tasks', code, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string>);

const accuracy = (code: string, file: string, predict: (l: Record<string, string>) => unknown) => {
  const rows = lines(code, file);
  return rows.filter((r) => predict(r) === r.label).length / rows.length;
};

describe('trained baselines', () => {
  it('every demo classification task has a majority-class and a naive Bayes model, and QA two span baselines', () => {
    const byTask = (code: string) =>
      Object.values(BUILTIN_MODELS).filter((m) => m.taskCode === code).length;
    for (const code of ['sentiment', 'hs', 'nli', 'qa']) expect(byTask(code)).toBe(3);
  });

  it('the majority class answers the most frequent training label, always', () => {
    const rows = lines('sentiment', 'standard.jsonl');
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.label!, (counts.get(r.label!) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const model = majorityClass('sentiment', 'sentiment');
    const answer = model.predict({ statement: 'anything at all' }).label as string;
    expect(counts.get(answer)).toBe(top);
    expect(model.predict({ statement: 'something else' }).label).toBe(answer);
    const prob = model.predict({}).prob as Record<string, number>;
    expect(Object.values(prob).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
  });

  it('naive Bayes learns its training data and does better than chance on the held-out scoring set', () => {
    for (const code of ['sentiment', 'hs']) {
      const model = naiveBayes(code, code);
      const predict = (l: Record<string, string>) => model.predict(l).label;
      expect(accuracy(code, 'standard.jsonl', predict)).toBeGreaterThan(0.9);
      const labels = new Set(lines(code, 'scoring.jsonl').map((r) => r.label)).size;
      expect(accuracy(code, 'scoring.jsonl', predict)).toBeGreaterThan(1 / labels);
    }
  });

  it('QA baselines answer with a whole sentence of the passage', () => {
    const context = 'The pier opened in 1879. It is 450 metres long. Storms damaged it in 1990.';
    expect(qaFirstSentence.predict({ context, question: 'How long is the pier?' }).answer).toBe(
      'The pier opened in 1879.',
    );
    expect(qaBestSentence.predict({ context, question: 'What damaged it?' }).answer).toBe(
      'Storms damaged it in 1990.',
    );
  });
});
