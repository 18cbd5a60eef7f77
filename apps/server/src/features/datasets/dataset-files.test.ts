import fs from 'node:fs/promises';
import path from 'node:path';
import { parseTaskConfig } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask } from '../../../test/factories.js';
import { createTestDatabase, type TestContext } from '../../../test/support.js';
import { JsonlError } from '../../platform/jsonl.js';
import { addContextsToRound } from '../contexts/service.js';
import { createDataset } from './service.js';

const CONFIG_YAML = `perf_metric: {type: accuracy, reference_name: label}
context: [{name: context, type: string}]
input:
  - {name: statement, type: string}
  - {name: label, type: multiclass, labels: [negative, positive]}
output: [{name: label}]
`;
const config = (() => {
  const r = parseTaskConfig(CONFIG_YAML);
  if (!r.ok) throw new Error('test config invalid');
  return r.config;
})();

async function blobsUnder(root: string, dir: string): Promise<string[]> {
  return fs.readdir(path.join(root, dir)).catch(() => []);
}

describe('dataset and context files', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestDatabase();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const upload = (task: { id: number; task_code: string }, name: string, lines: string[]) =>
    ctx.db
      .transaction()
      .execute((trx) =>
        createDataset(
          trx,
          ctx.storage,
          { tid: task.id, taskCode: task.task_code, name, config, accessType: 'scoring' },
          lines,
        ),
      );

  it('a bad dataset file stores nothing: no row, no blob; every bad line is named', async () => {
    const { task } = await makeTask(ctx.db);
    const lines = [
      '{"uid":"1","tags":[],"statement":"fine","label":"positive"}',
      '{"uid":"1","tags":[],"statement":"dup","label":"positive"}',
      '{"tags":["x"],"statement":"no uid","label":"negative"}',
      '{"uid":"3","tags":"x","statement":"bad tags","label":"negative"}',
      '{"uid":"4","tags":[],"label":"neutral"}',
      'not json',
    ];
    const err = await upload(task, 'bad-file', lines).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JsonlError);
    expect((err as JsonlError).problems).toEqual([
      { line: 2, field: 'uid', message: 'duplicates uid "1"' },
      { line: 3, field: 'uid', message: 'is required (string or number)' },
      { line: 4, field: 'tags', message: 'must be a list of strings' },
      { line: 5, field: 'statement', message: 'is required' },
      { line: 5, field: 'label', message: 'must be one of negative, positive' },
      { line: 6, message: 'is not valid JSON' },
    ]);
    expect(
      await ctx.db.selectFrom('datasets').selectAll().where('tid', '=', task.id).execute(),
    ).toEqual([]);
    expect(await blobsUnder(ctx.tmpDir, `blobs/datasets/${task.task_code}`)).toEqual([]);
  });

  it('a good dataset file is stored with its line count; a second upload replaces it', async () => {
    const { task } = await makeTask(ctx.db);
    const row = await upload(task, 'good-file', [
      '{"uid":"a","tags":["t"],"statement":"s","label":"positive"}',
      '{"uid":"b","tags":[],"statement":"s","label":["negative","positive"]}',
    ]);
    expect(row.line_count).toBe(2);
    expect(row.updatedExisting).toBe(false);
    expect((await ctx.storage.get(row.blob_key!)).toString().trim().split('\n')).toHaveLength(2);
    const again = await upload(task, 'good-file', [
      '{"uid":"c","tags":[],"statement":"s","label":"negative"}',
    ]);
    expect(again.updatedExisting).toBe(true);
    expect(again.id).toBe(row.id);
    expect(again.line_count).toBe(1);
    expect(again.replacedBlobKey).toBe(row.blob_key);
  });

  it('a bad context file adds no context', async () => {
    const { rounds } = await makeTask(ctx.db);
    const lines = Array.from({ length: 2500 }, (_, i) =>
      JSON.stringify({ context: { context: `c${i}` }, tag: 't' }),
    );
    lines.push('{"context":{"other":"x"},"tag":1}');
    const err = await ctx.db
      .transaction()
      .execute((trx) => addContextsToRound(trx, rounds[0]!.id, config, lines))
      .catch((e: unknown) => e);
    expect((err as JsonlError).problems).toEqual([
      { line: 2501, field: 'context.context', message: 'is required' },
      { line: 2501, field: 'tag', message: 'must be a string or null' },
    ]);
    // Two chunks of 1000 were inserted before the bad line: the transaction took them back.
    expect(
      await ctx.db
        .selectFrom('contexts')
        .selectAll()
        .where('r_realid', '=', rounds[0]!.id)
        .execute(),
    ).toEqual([]);
  });
});
