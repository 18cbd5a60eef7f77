// `npm run bench`: builds, then runs every benchmark; each prints a JSON line, and all lines
// are kept in bench/results/<date>.jsonl. `--skip-install` leaves out the npm ci timing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const skipInstall = process.argv.includes('--skip-install');
if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
  process.exit(1);
const benches = [
  ...(skipInstall ? [] : ['install.mjs']),
  'startup.mjs',
  'bundle.mjs',
  'auth.mjs',
  'session-check.mjs',
  'task-admin.mjs',
  'examples.mjs',
  'predictions-upload.mjs',
  'scoring.mjs',
];
const out = [];
for (const b of benches) {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'bench', b)], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(res.stdout);
  out.push(...res.stdout.split('\n').filter((l) => l.startsWith('{')));
  if (res.status !== 0) console.error(`${b} failed`);
}
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'bench/results', `${new Date().toISOString().slice(0, 10)}.jsonl`),
  out.join('\n') + '\n',
);
