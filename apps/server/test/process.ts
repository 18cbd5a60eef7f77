import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { choosePort } from '../src/db/embedded.js';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

/** Every server started here; `stopLeftovers` stops those a failing test left running. */
const started: ChildProcess[] = [];

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output contains `text`; fails if the process exits first. */
  waitFor(text: string, ms?: number): Promise<void>;
}

/** These tests are about the embedded mode: never inherit the runner's external database. */
function embeddedModeEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, JWT_SECRET: _secret, ...rest } = process.env;
  return rest;
}

/** Runs src/main.ts (through tsx) as the real server process, with `env` on top. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...embeddedModeEnv(), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    async waitFor(text, ms = 120_000) {
      const deadline = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`did not see "${text}"; output:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export async function stopLeftovers(): Promise<void> {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGINT');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** PIDs of postgres processes serving a data folder (Linux /proc). */
export async function postgresProcessesFor(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const e of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const cmd = await fs.readFile(`/proc/${e}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('postgres') && cmd.includes(dataDir)) pids.push(Number(e));
  }
  return pids;
}

/**
 * A fresh folder for one server process (its ./var and a one-page web build) with the
 * environment to start it on 127.0.0.1 with the embedded database. `cleanup` stops any server
 * still running and removes the folder.
 */
export async function serverWorkspace(
  prefix: string,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `dynaloop-${prefix}-`));
  await fs.chmod(tmp, 0o755);
  await fs.mkdir(path.join(tmp, 'web'));
  await fs.writeFile(path.join(tmp, 'web/index.html'), '<!doctype html><title>home</title>');
  return {
    env: {
      DATA_DIR: path.join(tmp, 'var'),
      WEB_DIST: path.join(tmp, 'web'),
      HOST: '127.0.0.1',
      PORT: String(await choosePort(0)),
      EMBEDDED_PG_PORT: '0',
    },
    async cleanup() {
      await stopLeftovers();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
