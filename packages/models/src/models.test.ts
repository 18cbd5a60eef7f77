import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_MODELS,
  hateSpeechLexicon,
  nliOverlap,
  qaSlidingWindow,
  sentimentVader,
} from './baselines.js';
import { canonicalJson, signModelAnswer, verifyModelAnswer } from './protocol.js';

const DATA = path.resolve(import.meta.dirname, '../../../data/tasks');
const lines = (task: string) =>
  fs
    .readFileSync(path.join(DATA, task, 'scoring.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, string>);

const sumsToOne = (prob: unknown) => {
  const total = Object.values(prob as Record<string, number>).reduce((a, b) => a + b, 0);
  expect(total).toBeCloseTo(1, 3);
};

describe('sentiment baseline (VADER)', () => {
  it('labels by the compound score with its authors’ thresholds', () => {
    expect(
      sentimentVader.predict({ statement: 'VADER is smart, handsome, and funny.' }).label,
    ).toBe('positive');
    expect(
      sentimentVader.predict({ statement: 'VADER is not smart, handsome, nor funny.' }).label,
    ).toBe('negative');
    expect(
      sentimentVader.predict({ statement: 'The manual lists three ways to reset the router.' })
        .label,
    ).toBe('neutral');
    const out = sentimentVader.predict({ statement: 'I love this blender.' });
    sumsToOne(out.prob);
    expect((out.prob as Record<string, number>).positive).toBeGreaterThan(0.5);
  });

  it('beats chance on the demo scoring set, and is wrong often enough to be fooled', () => {
    const data = lines('sentiment');
    const accuracy =
      data.filter((l) => sentimentVader.predict({ statement: l.statement }).label === l.label)
        .length / data.length;
    expect(accuracy).toBeGreaterThan(0.45);
    expect(accuracy).toBeLessThan(0.9);
  });
});

describe('hate speech baseline', () => {
  it('flags dehumanising generalisations and spares counter-speech', () => {
    expect(
      hateSpeechLexicon.predict({ statement: 'The Qeltari are leeches, sucking this town dry.' })
        .label,
    ).toBe('hateful');
    expect(
      hateSpeechLexicon.predict({ statement: 'Can anyone recommend a good vet near the park?' })
        .label,
    ).toBe('not-hateful');
    expect(
      hateSpeechLexicon.predict({
        statement: "Calling the Qeltari 'leeches' in the comments is disgusting.",
      }).label,
    ).toBe('not-hateful');
    sumsToOne(hateSpeechLexicon.predict({ statement: 'x' }).prob);
  });
});

describe('NLI baseline (overlap and negation)', () => {
  const premise = 'The bakery on Willow Street opens at six in the morning.';
  it('entails a copied hypothesis, contradicts a negated one, is neutral on an unrelated one', () => {
    expect(
      nliOverlap.predict({
        context: premise,
        hypothesis: 'The bakery opens at six in the morning.',
      }).label,
    ).toBe('entailed');
    expect(
      nliOverlap.predict({
        context: premise,
        hypothesis: 'The bakery does not open at six in the morning.',
      }).label,
    ).toBe('contradictory');
    expect(
      nliOverlap.predict({ context: premise, hypothesis: 'Volcanoes erupt under oceans.' }).label,
    ).toBe('neutral');
  });
});

describe('QA baseline (sliding window)', () => {
  it('answers with a span of the passage from the best-matching sentence', () => {
    const context =
      'The pier was built in 1879. A storm in 1953 tore away the middle section of the pier.';
    const out = qaSlidingWindow.predict({
      context,
      question: 'What tore away the middle section of the pier?',
    });
    expect(context).toContain(out.answer as string);
    expect(out.answer).toMatch(/storm/);
    expect(out.conf).toBeGreaterThan(0);
  });

  it('always answers with a substring of the context on the demo set', () => {
    for (const l of lines('qa')) {
      const { answer } = qaSlidingWindow.predict({ context: l.context, question: l.question });
      expect(l.context!.includes(answer as string)).toBe(true);
    }
  });
});

describe('signatures', () => {
  const input = { statement: 'Great!', context: 'A café' };
  const output = { label: 'positive', prob: { positive: 0.9, negative: 0.05, neutral: 0.05 } };
  it('verify what was signed, whatever the key order, and nothing else', () => {
    const sig = signModelAnswer('s3cret', 'sentiment', input, output);
    expect(
      verifyModelAnswer(
        's3cret',
        'sentiment',
        { context: 'A café', statement: 'Great!' },
        { prob: output.prob, label: 'positive' },
        sig,
      ),
    ).toBe(true);
    expect(
      verifyModelAnswer('s3cret', 'sentiment', input, { ...output, label: 'negative' }, sig),
    ).toBe(false);
    expect(verifyModelAnswer('other', 'sentiment', input, output, sig)).toBe(false);
    expect(verifyModelAnswer('s3cret', 'nli', input, output, sig)).toBe(false);
    expect(verifyModelAnswer('s3cret', 'sentiment', input, output, 'not-hex')).toBe(false);
  });
  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
  it('puts one built-in model per demo DADC task in the loop', () => {
    expect(
      Object.values(BUILTIN_MODELS)
        .filter((m) => m.inTheLoop)
        .map((m) => m.taskCode)
        .sort(),
    ).toEqual(['hs', 'nli', 'qa', 'sentiment']);
  });
});
