#!/usr/bin/env node
// The README's test command: unit + API tests (Vitest, against an embedded PostgreSQL or the
// one DATABASE_URL names) and browser tests (Playwright in Debian's Chromium against the built
// app). Ends with the line "N passed, N failed".
//
//   node scripts/test.mjs              everything (builds first)
//   node scripts/test.mjs --api-only   only the server project of Vitest (used by CI for the
//                                      run against an external PostgreSQL)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiOnly = process.argv.includes('--api-only');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  return res.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
}

function ensureChromium() {
  if (findChromium()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log("Chromium not found: installing Debian's chromium package…");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
    if (findChromium()) return true;
  }
  console.error(
    '\nThe browser tests need Chromium. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or set CHROMIUM_PATH to a Chromium binary.\n',
  );
  return false;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

// 1. Unit and API tests.
const vitestJson = path.join(resultsDir, apiOnly ? 'vitest-api.json' : 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
];
if (apiOnly) vitestArgs.push('--project', 'server');
const vitestStatus = run('npx', vitestArgs);
const v = readJson(vitestJson);
if (v) {
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  if (vitestStatus !== 0 && v.numFailedTests === 0) crashed = true;
} else {
  crashed = true;
}

// 2. Browser tests against the built app.
if (!apiOnly) {
  let e2eReady = ensureChromium();
  if (e2eReady && !process.env.DYNALOOP_SKIP_BUILD) {
    console.log('\nBuilding the app for the browser tests…');
    e2eReady = run('npm', ['run', 'build', '--silent']) === 0;
    if (!e2eReady) console.error('The build failed: browser tests not run.');
  }
  if (e2eReady) {
    const e2eJson = path.join(resultsDir, 'e2e.json');
    fs.rmSync(e2eJson, { force: true });
    const status = run('npx', ['playwright', 'test']);
    const e = readJson(e2eJson);
    if (e?.stats) {
      totals.passed += e.stats.expected + (e.stats.flaky ?? 0);
      totals.failed += e.stats.unexpected;
      totals.skipped += e.stats.skipped;
      if (status !== 0 && e.stats.unexpected === 0) crashed = true;
    } else {
      crashed = true;
    }
  } else {
    crashed = true;
  }
}

fs.writeFileSync(
  path.join(resultsDir, apiOnly ? 'summary-api.json' : 'summary.json'),
  JSON.stringify(totals),
);
if (crashed) console.error('\nA test runner did not complete (see above).');
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
