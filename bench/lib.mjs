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

/** Proportional set size of a process in MiB (shared pages split among their users). */
function pssMiB(pid) {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024;
}

/** Memory of the PostgreSQL serving a data folder: the postmaster and its children, by PSS. */
export function postgresMemoryMiB(dataDir) {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  let total = pssMiB(postmaster);
  let processes = 1;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) {
        total += pssMiB(Number(e));
        processes++;
      }
    } catch {
      /* gone */
    }
  }
  return { mib: Math.round(total * 10) / 10, processes };
}

export function report(name, figures) {
  console.log(JSON.stringify({ bench: name, at: new Date().toISOString(), ...figures }));
}
