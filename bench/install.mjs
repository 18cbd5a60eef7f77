// `npm ci` on a fresh copy of the committed tree (node_modules absent), timed. The npm cache
// of this machine is used as any developer's would be; the figure says which.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { report, ROOT } from './lib.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-install-'));
try {
  execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${ROOT}`, tmp]);
  const started = process.hrtime.bigint();
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: tmp,
    stdio: 'inherit',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 0) throw new Error('npm ci failed');
  report('install', {
    npm_ci_seconds: Math.round(ms / 100) / 10,
    npm_cache: 'warm (this machine)',
  });
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
