import { describe, expect, it } from 'vitest';
import { MissingKeysError, modelWrong } from './model-wrong.js';

describe('modelWrong', () => {
  it('exact_match: wrong when any reference field differs', () => {
    const m = { type: 'exact_match', reference_names: ['label'] } as const;
    expect(modelWrong(m, { label: 'positive' }, { label: 'negative', prob: {} })).toBe(true);
    expect(modelWrong(m, { label: 'positive' }, { label: 'positive' })).toBe(false);
  });

  it('string_f1: wrong below the threshold (0.4 for QA)', () => {
    const m = { type: 'string_f1', reference_name: 'answer', threshold: 0.4 } as const;
    expect(modelWrong(m, { answer: 'in 1889' }, { answer: '1889' })).toBe(false); // F1 0.67
    expect(modelWrong(m, { answer: 'a storm in winter' }, { answer: 'the pier' })).toBe(true); // F1 0
    expect(
      modelWrong(m, { answer: ['the tower', 'Eiffel Tower'] }, { answer: 'eiffel tower' }),
    ).toBe(false);
  });

  it('ask_user: unknown', () => {
    expect(modelWrong({ type: 'ask_user' }, {}, {})).toBeNull();
  });

  it('names missing keys', () => {
    expect(() =>
      modelWrong({ type: 'exact_match', reference_names: ['label'] }, {}, { label: 'x' }),
    ).toThrow(MissingKeysError);
    expect(() =>
      modelWrong({ type: 'exact_match', reference_names: ['label'] }, {}, { label: 'x' }),
    ).toThrow('Missing keys: label');
  });
});
