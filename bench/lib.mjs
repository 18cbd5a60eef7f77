// Shared helpers for benchmarks: each benchmark prints one JSON line of figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the built server; resolves when `url` first answers 200, with the time taken. */
export async function startServer({ dataDir, port, env = {} }) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.on('exit', r));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    child,
    ms,
    output: () => output,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Sum of resident memory of the postgres processes serving a data folder, in MiB. */
export function postgresRssMiB(dataDir) {
  let total = 0;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${e}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.includes('postgres') && cmd.includes(dataDir)) {
      // Child backends are forked from the postmaster and share its cmdline.
      try {
        total += rssMiB(Number(e));
      } catch {
        /* gone */
      }
    }
  }
  return Math.round(total * 10) / 10;
}

export function report(name, figures) {
  console.log(JSON.stringify({ bench: name, at: new Date().toISOString(), ...figures }));
}
