import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, type RouteDef, routes } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app.js';
import { REPO_ROOT } from '../config.js';
import { createTestApp, type TestApp } from '../../test/support.js';
import { errors } from './errors.js';

describe('errors, request ids and the SPA', () => {
  let t: TestApp;
  let app: AppInstance;
  beforeAll(async () => {
    t = await createTestApp({ spaIndexHtml: '<!doctype html><title>spa</title>' });
    // A second instance with routes that fail, to see what clients get.
    app = await buildApp(t.deps);
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/test/conflict', async () => {
      throw errors.conflict('That name is taken');
    });
    app.get('/api/test/duplicate', async () => {
      await t.db.insertInto('platform_state').values({ key: 'dup', value_json: '1' }).execute();
      await t.db.insertInto('platform_state').values({ key: 'dup', value_json: '1' }).execute();
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('an unknown error is a generic 500 with a request id and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      status_code: 500,
      error: 'Internal server error',
      code: 'internal',
    });
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internal detail');
  });

  it('catalogue errors keep their status, code and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status_code: 409,
      code: 'conflict',
      error: 'That name is taken',
    });
  });

  it('a unique violation caused by the request is a 409, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');
  });

  it('echoes a caller-given request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('an unknown API route is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status_code: 404, code: 'not_found' });
  });

  it('serves the SPA for every other path, but not for missing files', async () => {
    for (const url of ['/', '/about', '/tasks/sentiment/round/2', '/account?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>spa</title>');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents every route of the contract, and every contract route is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, unknown>; parameters?: { in: string; name: string }[] }
        >
      >;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const def of Object.values(routes) as RouteDef[]) {
      const path = `/api${def.path.replace(/:(\w+)/g, '{$1}')}`;
      const op = doc.paths[path]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${path}`).toBeDefined();
      // Routes that stream a file (avatars) have no JSON body to describe.
      if (def.response) expect(op!.responses).toHaveProperty('200');
      const headers = (op!.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers, `${def.method} ${path} headers`).toEqual(
        Object.keys(def.headers?.shape ?? {}),
      );
      expect(t.app.hasRoute({ method: def.method, url: `/api${def.path}` })).toBe(true);
    }
  });

  it('has a browsable reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});

describe('error catalogue documentation', () => {
  it('documents every error code in docs/errors.md', () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/errors.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/^\|\s*`([a-z_]+)`\s*\|/gm)].map((m) => m[1]));
    for (const code of ERROR_CODES) expect(documented.has(code), code).toBe(true);
  });
});
