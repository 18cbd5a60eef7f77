import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FullConfig } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real, built server on 127.0.0.1 with a fresh embedded database and the demo
 * content, for the browser tests; stops it (and its database) afterwards.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const baseURL = config.projects[0]!.use.baseURL!;
  if (process.env.E2E_BASE_URL) return async () => undefined; // a server someone else runs
  const port = new URL(baseURL).port;
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  for (const f of [main, index]) {
    await fs.access(f).catch(() => {
      throw new Error(`${path.relative(ROOT, f)} is missing: run \`npm run build\` first.`);
    });
  }
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-e2e-'));
  await fs.chmod(tmp, 0o755);
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATA_DIR: path.join(tmp, 'var'),
      HOST: '127.0.0.1',
      PORT: port,
      EMBEDDED_PG_PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Specs that create many accounts through the API name their own client address, so that
      // the per-address registration limit counts each spec apart (the browser sends none).
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`the server did not answer within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const adminPassword = /password:\s+(\S+)/.exec(output)?.[1];
  if (adminPassword) process.env.E2E_ADMIN_PASSWORD = adminPassword;

  return async () => {
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await fs.rm(tmp, { recursive: true, force: true });
  };
}
