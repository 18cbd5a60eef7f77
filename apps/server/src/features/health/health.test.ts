import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ok when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'reachable', version: 'test' });
  });

  it('answers 503 when the database is not', async () => {
    // Port 9 on loopback: nothing listens there.
    const { db } = createDb('postgres://nobody:x@127.0.0.1:9/none', 1);
    const app = await buildApp({ ...t.deps, db });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
