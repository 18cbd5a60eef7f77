import { describe, expect, it } from 'vitest';
import { JsonlError, parseJsonlObjects } from './jsonl.js';

describe('parseJsonlObjects', () => {
  it('reports every bad line with its number and field', async () => {
    const lines = ['{"a":1}', 'not json', '[1,2]', '', '{"a":"x"}'];
    const err = await parseJsonlObjects(lines, (o, line) =>
      typeof o.a === 'number' ? [] : [{ line, field: 'a', message: 'must be a number' }],
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JsonlError);
    expect((err as JsonlError).problems).toEqual([
      { line: 2, message: 'is not valid JSON' },
      { line: 3, message: 'must be a JSON object' },
      { line: 5, field: 'a', message: 'must be a number' },
    ]);
    expect((err as Error).message).toContain('line 5 (a): must be a number');
  });
});
