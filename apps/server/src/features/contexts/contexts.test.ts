import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwnedTask, multipartBody } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('POST /api/contexts/upload/{task}/{round}', () => {
  let t: TestApp;
  let ownerToken: string;
  let task: Awaited<ReturnType<typeof makeOwnedTask>>;
  beforeAll(async () => {
    t = await createTestApp();
    task = await makeOwnedTask(t.db);
    ownerToken = await t.deps.tokens.signUser(task.owner);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores every context of a good file in the round', async () => {
    const content = Buffer.from(
      [
        '{"context":{"context":"A sunny day"},"tag":"w"}',
        '{"context":{"context":"Rain"},"tag":null,"metadata":{"src":"x"}}',
      ].join('\n'),
    );
    const { payload, headers } = multipartBody({ filename: 'contexts.jsonl', content });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/contexts/upload/${task.task.id}/2`,
      payload,
      headers: { ...headers, authorization: `Bearer ${ownerToken}` },
    });
    expect(res.json()).toEqual({ success: 'ok', count: 2 });
    const rows = await t.db
      .selectFrom('contexts')
      .selectAll()
      .where('r_realid', '=', task.rounds[1]!.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.context_json, r.tag, r.metadata_json])).toEqual([
      [{ context: 'A sunny day' }, 'w', {}],
      [{ context: 'Rain' }, null, { src: 'x' }],
    ]);
  });
});
