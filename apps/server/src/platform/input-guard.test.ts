import net from 'node:net';
import { errorBody } from '@dynaloop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app.js';
import { makeTask, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/support.js';
import { findUnsafeString } from './input-guard.js';

/** A catalogue error answer: the shape, a request id matching the header, the status. */
function expectCatalogueError(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
): { error: string; code: string; details?: Array<{ path: string; message: string }> } {
  expect(res.statusCode).toBe(status);
  const body = errorBody.parse(res.json());
  expect(body.status_code).toBe(status);
  expect(body.request_id).toBeTruthy();
  expect(body.request_id).toBe(res.headers['x-request-id']);
  return body;
}

describe('what a client sends never makes a 500', () => {
  let t: TestApp;
  let app: AppInstance;
  let userToken: string;
  let userId: number;
  let taskCode: string;
  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp(t.deps);
    // Bypasses the input guard, to show the error handler's backstop for database data errors.
    app.get('/api/test/nul-to-db', async () => {
      await sql`SELECT ${'a\u0000b'}::text`.execute(t.db);
    });
    app.get('/api/test/nul-to-jsonb', async () => {
      await sql`SELECT ${'{"\\u0000": 1}'}::jsonb`.execute(t.db);
    });
    await app.ready();
    const user = await makeUser(t.db);
    userId = user.id;
    userToken = await t.deps.tokens.signUser(user);
    taskCode = (await makeTask(t.db)).task.task_code;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('finds NUL characters and unpaired surrogates in values and keys, however deep', () => {
    expect(findUnsafeString({ a: ['ok', { b: 'x\u0000' }] }, 'body')).toEqual({
      path: 'body.a.1.b',
      message: expect.stringContaining('NUL'),
    });
    expect(findUnsafeString({ ['k\u0000']: 1 }, 'body')?.path).toBe('body (a key)');
    expect(findUnsafeString('\ud800', 'q')?.message).toContain('surrogate');
    expect(findUnsafeString('\udc00x', 'q')?.message).toContain('surrogate');
    expect(findUnsafeString('😀 é', 'q')).toBeUndefined();
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeString(deep, 'body')).toBeDefined();
  });

  it('refuses a NUL in a body string, a body key, a path and a query with a 400', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/authenticate',
        payload: { email: 'a\u0000@example.test', password: 'x' },
        path: 'body.email',
      },
      {
        method: 'POST' as const,
        url: '/api/recover/initiate',
        payload: { email: 'someone@example.test', ['\u0000']: 1 },
        path: 'body (a key)',
      },
      { method: 'GET' as const, url: `/api/tasks/${taskCode}%00`, path: 'params.task' },
      { method: 'GET' as const, url: '/api/tasks/1/%00', path: 'params.round' },
      {
        method: 'GET' as const,
        url: `/api/contexts/${taskCode}/1/random?tags=a%00b`,
        path: 'querystring.tags',
      },
      {
        method: 'POST' as const,
        url: `/api/tasks/${taskCode}/convert_to_model_io`,
        payload: { data: { ['\u0000']: 'x' } },
        path: 'body.data (a key)',
      },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: c.method, url: c.url, payload: c.payload });
      const body = expectCatalogueError(res, 400);
      expect(body.code).toBe('validation_failed');
      expect(body.details?.[0]?.path).toBe(c.path);
      expect(body.error).toContain('NUL');
    }
  });

  it('refuses an unpaired surrogate in a JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\ud800@example.test","password":"x"}',
    });
    expect(expectCatalogueError(res, 400).error).toContain('surrogate');
  });

  it('maps PostgreSQL data errors (text and jsonb) to 400 in the error handler', async () => {
    for (const url of ['/api/test/nul-to-db', '/api/test/nul-to-jsonb']) {
      const body = expectCatalogueError(await app.inject({ method: 'GET', url }), 400);
      expect(body.code).toBe('bad_request');
      expect(body.error).toContain('cannot be stored');
    }
  });

  it('answers a bad URL escape and an over-long path parameter in the catalogue shape', async () => {
    const bad = expectCatalogueError(
      await app.inject({ method: 'GET', url: '/api/tasks/%E0%A4%A' }),
      400,
    );
    expect(bad).toMatchObject({ code: 'bad_request', error: expect.stringContaining('percent') });
    const long = expectCatalogueError(
      await app.inject({ method: 'GET', url: `/api/tasks/${'x'.repeat(5000)}` }),
      414,
    );
    expect(long).toMatchObject({
      code: 'uri_too_long',
      error: expect.stringContaining('too long'),
    });
  });

  it('answers a malformed multipart body on the avatar upload with a 400', async () => {
    const url = `/api/users/${userId}/avatar/upload`;
    const auth = { authorization: `Bearer ${userToken}` };
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000`;
    const variants = [
      { 'content-type': 'multipart/form-data', payload: part('b0') + '\r\n--b0--\r\n' },
      {
        'content-type': 'multipart/form-data; boundary=other',
        payload: `${part('b1')}\r\n--b1--\r\n`,
      },
      { 'content-type': 'multipart/form-data; boundary=b2', payload: part('b2') },
      { 'content-type': 'multipart/form-data; boundary=b3', payload: '--b3\r\nContent-Dispo' },
    ];
    for (const { payload, ...headers } of variants) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...auth, ...headers },
        payload,
      });
      expect(res.statusCode, `${headers['content-type']}: ${res.body}`).toBe(400);
      expectCatalogueError(res, 400);
    }
    const user = await t.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.avatar_url).toBeNull();
  });

  it('answers a request the HTTP parser cannot read in the catalogue shape', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = errorBody.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)));
    expect(body).toMatchObject({ status_code: 400, code: 'bad_request' });
    expect(body.request_id).toBeTruthy();
  });
});
