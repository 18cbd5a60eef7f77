import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('POST /api/examples/evaluate', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.db, t.storage, t.config.dataFolder);
    for (const row of await t.db.selectFrom('tasks').select(['id', 'task_code']).execute())
      ids[row.task_code] = row.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const evaluate = (tid: number, target: object, output: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/examples/evaluate',
      payload: { tid, target, output },
    });

  it('uses exact match on the label for sentiment', async () => {
    expect(
      (await evaluate(ids.sentiment!, { label: 'negative' }, { label: 'positive' })).json(),
    ).toEqual({ success: 'ok', model_wrong: true });
    expect(
      (await evaluate(ids.sentiment!, { label: 'positive' }, { label: 'positive' })).json()
        .model_wrong,
    ).toBe(false);
  });

  it('uses string F1 with threshold 0.4 for QA', async () => {
    expect(
      (await evaluate(ids.qa!, { answer: 'in 1879' }, { answer: '1879' })).json().model_wrong,
    ).toBe(false);
    expect(
      (await evaluate(ids.qa!, { answer: 'a winter storm' }, { answer: 'the pavilion' })).json()
        .model_wrong,
    ).toBe(true);
  });

  it('answers 400 "Missing keys" without a target, and 404 for an unknown task', async () => {
    const res = await evaluate(ids.nli!, {}, { label: 'neutral' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Missing keys: label');
    expect((await evaluate(999999, { label: 'x' }, { label: 'x' })).statusCode).toBe(404);
  });
});
