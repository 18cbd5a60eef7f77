import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type TestProject } from 'vitest/node';
import { createDb } from '../src/db/database.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgres } from '../src/db/embedded.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createLogger } from '../src/platform/logger.js';
import { Queue } from '../src/platform/queue.js';

export const TEMPLATE_DB = 'dynaloop_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one in a temporary folder, or the external
 * server named by DATABASE_URL. A template database is migrated once; every test file clones
 * it (CREATE DATABASE … TEMPLATE), so files never share state.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmpDir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-test-pg-'));
    await fs.chmod(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tmpDir, 'postgres'),
      preferredPort: 0,
      fast: true,
      log: () => undefined,
    });
    serverUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const { db } = createDb(withDatabase(serverUrl, TEMPLATE_DB), 2);
  await migrateToLatest(db);
  await db.destroy();
  // pg-boss's tables and queues too, so that no test file installs them again.
  const queue = await Queue.start(withDatabase(serverUrl, TEMPLATE_DB), createLogger('silent'), {
    worker: false,
  });
  await queue.stop();
  await admin.end();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDb', TEMPLATE_DB);

  return async () => {
    if (embedded) await embedded.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
