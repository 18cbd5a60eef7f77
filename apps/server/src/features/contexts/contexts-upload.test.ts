import { type ErrorBody } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContext, makeOwnedTask, multipartBody } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('uploading contexts to a round', () => {
  let t: TestApp;
  let token: string;
  let task: Awaited<ReturnType<typeof makeOwnedTask>>;

  beforeAll(async () => {
    t = await createTestApp();
    task = await makeOwnedTask(t.db);
    token = await t.deps.tokens.signUser(task.owner);
    await makeContext(t.db, task.rounds[0]!.id, { context: 'Already in round 1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (round: number, lines: string[]) => {
    const body = multipartBody({
      filename: 'contexts.jsonl',
      content: Buffer.from(lines.join('\n')),
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/contexts/upload/${task.task.id}/${round}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };
  const contextsOf = (roundIndex: number) =>
    t.db
      .selectFrom('contexts')
      .select(['context_json', 'tag', 'metadata_json'])
      .where('r_realid', '=', task.rounds[roundIndex]!.id)
      .orderBy('id')
      .execute();
  const good = (text: string, tag: string | null = null) =>
    JSON.stringify({ context: { context: text }, tag });

  it('adds every context of a good file to that round only', async () => {
    const round1 = await contextsOf(0);
    const res = await upload(2, [good('One', 'a'), '', good('Two'), good('Three', 'b')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 'ok', count: 3 });
    expect(await contextsOf(1)).toEqual([
      { context_json: { context: 'One' }, tag: 'a', metadata_json: {} },
      { context_json: { context: 'Two' }, tag: null, metadata_json: {} },
      { context_json: { context: 'Three' }, tag: 'b', metadata_json: {} },
    ]);
    expect(await contextsOf(0)).toEqual(round1);
  });

  it('refuses a bad file naming each line and field, and stores nothing', async () => {
    const before = await contextsOf(1);
    const res = await upload(2, [
      good('Fine'),
      JSON.stringify({ context: 'not an object' }),
      JSON.stringify({ context: {} }),
      JSON.stringify({ context: { context: 5 } }),
      JSON.stringify({ context: { context: 'x' }, tag: 7 }),
      '[1, 2]',
      'not json',
      JSON.stringify({ context: { context: 'x' }, metadata: 'meta' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details!.map((d) => d.path)).toEqual([
      'line 2.context',
      'line 3.context.context',
      'line 4.context.context',
      'line 5.tag',
      'line 6',
      'line 7',
      'line 8.metadata',
    ]);
    expect(await contextsOf(1)).toEqual(before);
  });

  it('a bad line after thousands of good ones rolls back every stored chunk', async () => {
    const before = await contextsOf(0);
    const lines = Array.from({ length: 2_500 }, (_, i) => good(`Context ${i}`));
    const res = await upload(1, [...lines, JSON.stringify({ context: {} })]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([
      { path: 'line 2501.context.context', message: 'is required' },
    ]);
    expect(await contextsOf(0)).toEqual(before);

    const ok = await upload(1, lines);
    expect(ok.json()).toEqual({ success: 'ok', count: 2_500 });
    expect(await contextsOf(0)).toHaveLength(before.length + 2_500);
  });

  it('an unknown round is a 404; a body that is not multipart a 415', async () => {
    const res = await upload(9, [good('Lost')]);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('not_found');
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/contexts/upload/${task.task.id}/1`,
      payload: { file: good('x') },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(plain.statusCode).toBe(415);
  });
});
