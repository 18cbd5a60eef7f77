// First start on a fresh ./var (create cluster, migrate, seed) to the first 200 on "/", then a
// warm start on the same folder, and the server's resident memory once started.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, postgresMemoryMiB, report, rssMiB, startServer } from './lib.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-'));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'var');
const port = await freePort();
try {
  const first = await startServer({ dataDir, port });
  await new Promise((r) => setTimeout(r, 2000)); // let start-up allocations settle
  const firstRss = rssMiB(first.child.pid);
  await first.stop();

  const warmRuns = [];
  let warmRss = 0;
  let pg = { mib: 0, processes: 0 };
  for (let i = 0; i < 3; i++) {
    const warm = await startServer({ dataDir, port });
    warmRuns.push(Math.round(warm.ms));
    if (i === 0) {
      await new Promise((r) => setTimeout(r, 2000));
      warmRss = rssMiB(warm.child.pid);
      pg = postgresMemoryMiB(path.join(dataDir, 'postgres'));
    }
    await warm.stop();
  }
  warmRuns.sort((a, b) => a - b);
  report('startup', {
    first_start_to_first_200_ms: Math.round(first.ms),
    warm_start_to_first_200_ms_median: warmRuns[1],
    warm_start_runs_ms: warmRuns,
    server_rss_mib_after_first_start: firstRss,
    server_rss_mib_after_warm_start: warmRss,
    embedded_postgres_pss_mib: pg.mib,
    embedded_postgres_processes: pg.processes,
  });
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
