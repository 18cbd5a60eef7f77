import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask } from '../../test/factories.js';
import { createTestDatabase, type TestContext } from '../../test/support.js';
import { addContextsToRound } from '../features/contexts/service.js';
import { createDataset, datasetBlobKey } from '../features/datasets/service.js';
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

describe('dataset and context files', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestDatabase();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a bad dataset file stores nothing: no row, no blob', async () => {
    const { task } = await makeTask(ctx.db);
    const lines = [
      '{"uid":"1","tags":[]}',
      '{"uid":"1","tags":[]}',
      '{"tags":["x"]}',
      '{"uid":"3","tags":"x"}',
    ];
    const err = await ctx.db
      .transaction()
      .execute((trx) =>
        createDataset(
          trx,
          ctx.storage,
          { tid: task.id, taskCode: task.task_code, name: 'bad-file', accessType: 'scoring' },
          lines,
        ),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JsonlError);
    expect((err as JsonlError).problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'uid'],
      [3, 'uid'],
      [4, 'tags'],
    ]);
    expect(
      await ctx.db.selectFrom('datasets').selectAll().where('tid', '=', task.id).execute(),
    ).toEqual([]);
    expect(await ctx.storage.exists(datasetBlobKey(task.task_code, 'bad-file'))).toBe(false);
  });

  it('a good dataset file is stored with its line count', async () => {
    const { task } = await makeTask(ctx.db);
    const row = await ctx.db
      .transaction()
      .execute((trx) =>
        createDataset(
          trx,
          ctx.storage,
          { tid: task.id, taskCode: task.task_code, name: 'good-file', accessType: 'standard' },
          ['{"uid":"a","tags":["t"]}', '{"uid":"b","tags":[]}'],
        ),
      );
    expect(row.line_count).toBe(2);
    expect(row.access_type).toBe('standard');
    expect((await ctx.storage.get(row.blob_key!)).toString()).toBe(
      '{"uid":"a","tags":["t"]}\n{"uid":"b","tags":[]}\n',
    );
  });

  it('a bad context file adds no context', async () => {
    const { rounds } = await makeTask(ctx.db);
    const err = await ctx.db
      .transaction()
      .execute((trx) =>
        addContextsToRound(trx, rounds[0]!.id, [
          '{"context":{"context":"ok"},"tag":"t"}',
          '{"context":"flat","tag":1}',
        ]),
      )
      .catch((e: unknown) => e);
    expect((err as JsonlError).problems.map((p) => p.field)).toEqual(['context', 'tag']);
    expect(
      await ctx.db
        .selectFrom('contexts')
        .selectAll()
        .where('r_realid', '=', rounds[0]!.id)
        .execute(),
    ).toEqual([]);
  });
});
