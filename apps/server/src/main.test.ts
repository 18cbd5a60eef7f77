import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePort } from './db/embedded.js';

/** These tests are about the embedded mode: never inherit the runner's external database. */
function embeddedModeEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, JWT_SECRET: _secret, ...rest } = process.env;
  return rest;
}

const MAIN = path.resolve(import.meta.dirname, 'main.ts');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...embeddedModeEnv(), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(run: Running, text: string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!run.output().includes(text)) {
    if (Date.now() > deadline || run.child.exitCode !== null) {
      throw new Error(`did not see "${text}"; output:\n${run.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function postgresProcessesFor(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const e of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const cmd = await fs.readFile(`/proc/${e}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('postgres') && cmd.includes(dataDir)) pids.push(Number(e));
  }
  return pids;
}

describe('the server process', () => {
  let tmp: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-main-'));
    await fs.chmod(tmp, 0o755);
    await fs.mkdir(path.join(tmp, 'web'));
    await fs.writeFile(path.join(tmp, 'web/index.html'), '<!doctype html><title>home</title>');
    env = {
      DATA_DIR: path.join(tmp, 'var'),
      WEB_DIST: path.join(tmp, 'web'),
      HOST: '127.0.0.1',
      PORT: String(await choosePort(0)),
      EMBEDDED_PG_PORT: '0',
    };
  });
  afterAll(async () => {
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('starts on a fresh folder, stops on Ctrl-C with no postgres left, and keeps data on a second start', async () => {
    const first = start(env);
    await waitFor(first, 'is running at');
    expect(first.output()).toContain('password:');
    const base = `http://127.0.0.1:${env.PORT}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const tasks = (await (await fetch(`${base}/api/tasks`)).json()) as unknown[];
    expect(tasks.length).toBe(8);
    expect(await (await fetch(`${base}/`)).text()).toContain('<title>home</title>');

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(await postgresProcessesFor(path.join(env.DATA_DIR!, 'postgres'))).toEqual([]);

    const second = start(env);
    await waitFor(second, 'is running at');
    expect(second.output()).not.toContain('password:');
    const again = (await (await fetch(`${base}/api/tasks`)).json()) as unknown[];
    expect(again.length).toBe(8);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await postgresProcessesFor(path.join(env.DATA_DIR!, 'postgres'))).toEqual([]);
  }, 180_000);

  it('refuses to start, with a clear message, when DATABASE_URL is unreachable', async () => {
    const run = start({
      ...env,
      DATABASE_URL: 'postgres://u:p@127.0.0.1:9/nothing',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(await run.exited).toBe(69);
    expect(run.output()).toContain('Cannot reach the database at 127.0.0.1:9/nothing');
    expect(run.output()).not.toContain('u:p@');
  }, 60_000);

  it('refuses to start with invalid configuration, listing the problem', async () => {
    const run = start({ ...env, PORT: 'not-a-port' });
    expect(await run.exited).toBe(78);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT');
  }, 60_000);
});
