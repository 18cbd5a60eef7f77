import { describe, expect, it } from 'vitest';
import { modelInput, modelInputFields } from './model-input.js';

const config = {
  context: [{ name: 'passage', type: 'string' as const }],
  input: [
    { name: 'question', type: 'string' as const },
    { name: 'answer', type: 'string' as const },
  ],
  output: [{ name: 'answer' }],
};

describe('the model-input rule', () => {
  it('a model reads the context fields and the inputs that are not targets', () => {
    expect(modelInputFields(config)).toEqual(['passage', 'question']);
  });

  it('the body holds the given model fields only; an input value wins over the context', () => {
    expect(modelInput(config, { passage: 'p', extra: 1 }, { question: 'q', answer: 'a' })).toEqual({
      passage: 'p',
      question: 'q',
    });
    expect(modelInput(config, { passage: 'p' }, { passage: 'edited' })).toEqual({
      passage: 'edited',
    });
    expect(modelInput(config, {}, {})).toEqual({});
  });
});
