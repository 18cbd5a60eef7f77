import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps, type AppInstance } from '../src/app.js';
import { createAppDeps } from '../src/runtime.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/database.js';
import { withDatabase } from '../src/db/embedded.js';
import { JOBS } from '../src/jobs/index.js';
import { createLogger } from '../src/platform/logger.js';
import { Queue } from '../src/platform/queue.js';
import { FsBlobStorage } from '../src/platform/storage.js';

export interface TestContext {
  db: Db;
  databaseUrl: string;
  config: Config;
  storage: FsBlobStorage;
  tmpDir: string;
  close(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgServerUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of its own for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestContext> {
  const name = `dynaloop_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
      break;
    } catch (err) {
      // Two files cloning at the same instant may briefly see the template "in use".
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const databaseUrl = withDatabase(inject('pgServerUrl'), name);
  const { db } = createDb(databaseUrl, 5);
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-test-'));
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DATA_DIR: tmpDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(tmpDir, 'web'),
    },
  );
  return {
    db,
    databaseUrl,
    config,
    storage: new FsBlobStorage(path.join(tmpDir, 'blobs')),
    tmpDir,
    async close() {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await fs.rm(tmpDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestContext {
  app: AppInstance;
  deps: AppDeps;
  queue: Queue;
  /** Runs every job that is due (mails…) with the worker's handlers; answers how many ran. */
  runJobs(): Promise<number>;
}

/** The real application on a fresh database, driven with app.inject(). */
export async function createTestApp(
  options: { spaIndexHtml?: string; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const ctx = await createTestDatabase();
  if (options.spaIndexHtml !== undefined) {
    await fs.mkdir(ctx.config.webDist, { recursive: true });
    await fs.writeFile(path.join(ctx.config.webDist, 'index.html'), options.spaIndexHtml);
  }
  const log = createLogger('silent');
  // The web role's queue: jobs are enqueued, and run only when a test calls runJobs().
  const queue = await Queue.start(ctx.databaseUrl, log, { worker: false });
  const deps = {
    ...(await createAppDeps(
      options.config ? { ...ctx.config, ...options.config } : ctx.config,
      ctx.db,
      log,
      queue,
    )),
    version: 'test',
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    ...ctx,
    app,
    deps,
    queue,
    runJobs: () => queue.runDue(JOBS, deps),
    async close() {
      await app.close();
      await queue.stop();
      await ctx.close();
    },
  };
}
