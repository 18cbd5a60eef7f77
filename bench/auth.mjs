// Login latency (argon2id verify + session issue, end to end over HTTP) and the throughput of an
// authenticated read (GET /api/users/{id} with a Bearer token), autocannon with 50 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, report, startServer } from './lib.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-auth-'));
fs.chmodSync(tmp, 0o755);
const port = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = await startServer({
  dataDir: path.join(tmp, 'var'),
  port,
  env: { SEED_DEMO: 'false' },
});
try {
  const credentials = { email: 'bench@example.org', password: 'a-long-bench-password' };
  const reg = await fetch(`${base}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, username: 'bench' }),
  });
  if (!reg.ok) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { user, token } = await reg.json();

  const times = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 10) / 10;

  const result = await autocannon({
    url: `${base}/users/${user.id}`,
    connections: 50,
    duration: 10,
    headers: { authorization: `Bearer ${token}` },
  });
  report('auth', {
    login_ms_median: pct(0.5),
    login_ms_p95: pct(0.95),
    authenticated_get_user_rps: Math.round(result.requests.average),
    authenticated_get_user_latency_ms_p50: result.latency.p50,
    authenticated_get_user_latency_ms_p99: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
    connections: 50,
    duration_s: 10,
  });
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
