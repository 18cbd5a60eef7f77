import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type AppDeps, type AppInstance } from './app.js';
import { type Config, REPO_ROOT } from './config.js';
import { assertReachable, createDb, type Db, describeTarget } from './db/database.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgres } from './db/embedded.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoContent, type SeedResult } from './seed/index.js';
import { type Logger } from './platform/logger.js';
import { OutboxMailer } from './platform/mail.js';
import { JOBS } from './jobs/index.js';
import { type JobQueue, Queue } from './platform/queue.js';
import { EventHub } from './platform/events.js';
import { RateLimiter } from './platform/rate-limit.js';
import { startEvaluationSweeper } from './features/evaluations/runner.js';
import { FsBlobStorage } from './platform/storage.js';
import { AccessTokens, loadSigningSecret } from './platform/tokens.js';

export const EMBEDDED_DATABASE = 'dynaloop';

export interface Platform {
  app?: AppInstance;
  db: Db;
  /** Where the web role listens, when it runs. */
  url?: string;
  seed?: SeedResult;
  stop(): Promise<void>;
}

/** Everything the web and worker roles need, built from configuration (tests use the same). */
export async function createAppDeps(
  config: Config,
  db: Db,
  log: Logger,
  queue: JobQueue,
  /** For the LISTEN connection of status events; defaults to config.databaseUrl. */
  databaseUrl?: string,
): Promise<AppDeps> {
  return {
    config,
    db,
    log,
    queue,
    storage: new FsBlobStorage(path.join(config.dataDir, 'blobs')),
    mailer: new OutboxMailer(
      db,
      log,
      config.smtpUrl ? { url: config.smtpUrl, from: config.mailFrom } : undefined,
    ),
    tokens: new AccessTokens(await loadSigningSecret(config.jwtSecret, config.dataDir)),
    rateLimiter: new RateLimiter(db),
    events: new EventHub(databaseUrl ?? config.databaseUrl, log),
    version: readVersion(),
  };
}

export function readVersion(): string {
  try {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8'),
    ) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts what the configuration asks for: the embedded database (unless DATABASE_URL is set),
 * migrations, demo content, the worker role and the web role. `stop()` undoes it in reverse,
 * the database last.
 */
export async function startPlatform(config: Config, log: Logger): Promise<Platform> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    while (cleanups.length) {
      const fn = cleanups.pop()!;
      await fn().catch((err: unknown) => log.error({ err }, 'error during shutdown'));
    }
  };
  try {
    let databaseUrl = config.databaseUrl;
    let embedded: EmbeddedPostgres | undefined;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        preferredPort: config.embeddedPgPort,
        fast: config.env === 'test',
        log: (msg) => log.info(msg),
      });
      cleanups.push(() => embedded!.stop());
      await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
      databaseUrl = withDatabase(embedded.url, EMBEDDED_DATABASE);
      log.info({ port: embedded.port }, 'embedded PostgreSQL started');
    }
    const target = await assertReachable(databaseUrl);
    const { db } = createDb(databaseUrl, config.dbPoolMax);
    cleanups.push(() => db.destroy());
    const applied = await migrateToLatest(db);
    if (applied.length) log.info({ applied }, 'database migrated');
    log.info({ database: describeTarget(databaseUrl) || target }, 'database ready');

    const storage = new FsBlobStorage(path.join(config.dataDir, 'blobs'));
    let seed: SeedResult | undefined;
    if (config.seedDemo) {
      seed = await seedDemoContent(db, storage, config.dataFolder);
      if (seed.tasksCreated.length) log.info({ tasks: seed.tasksCreated }, 'demo content loaded');
    }

    // Both roles need the queue: the web role enqueues, the worker role runs the jobs.
    const worker = config.roles.includes('worker');
    const queue = await Queue.start(databaseUrl, log, { worker });
    cleanups.push(() => queue.stop());
    const deps = await createAppDeps(config, db, log, queue, databaseUrl);
    cleanups.push(() => deps.events.stop());
    if (worker) {
      await queue.work(JOBS, deps);
      const sweeper = startEvaluationSweeper({ ...deps, timing: config.evaluation });
      cleanups.push(() => sweeper.stop());
      log.info({ jobs: JOBS.map((j) => j.name) }, 'worker role started');
    }

    let app: AppInstance | undefined;
    let url: string | undefined;
    if (config.roles.includes('web')) {
      app = await buildApp(deps);
      cleanups.push(() => app!.close());
      const address = await app.listen({ host: config.host, port: config.port });
      url = address;
    }
    return { app, db, url, seed, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
