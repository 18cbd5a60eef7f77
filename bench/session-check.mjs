// The cost of checking, on each request, that an access token's login is still live (it was not
// ended by logout, a password reset or refresh-token reuse). The same authenticated read
// (GET /api/users/{id}) is driven with a session-bound token (its `sid` is checked against
// refresh_tokens in the user lookup) and with an unbound token of the same user (no check),
// alternately, autocannon with 20 connections; the ratio is checked / unchecked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { freePort, report, startServer } from './lib.mjs';

const secret = 'bench-secret-bench-secret-bench-secret-0123';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-session-'));
fs.chmodSync(tmp, 0o755);
const port = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = await startServer({
  dataDir: path.join(tmp, 'var'),
  port,
  env: { SEED_DEMO: 'false', JWT_SECRET: secret },
});
try {
  const reg = await fetch(`${base}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench@example.org',
      password: 'a-long-bench-password',
      username: 'bench',
    }),
  });
  if (!reg.ok) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { user, token: checked } = await reg.json();
  const unchecked = await new SignJWT({ id: user.id, username: user.username, scope: 'user' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(secret));

  const run = (token) =>
    autocannon({
      url: `${base}/users/${user.id}`,
      connections: 20,
      duration: 5,
      headers: { authorization: `Bearer ${token}` },
    });
  await run(unchecked); // warm-up
  const rounds = { checked: [], unchecked: [] };
  for (let i = 0; i < 3; i++) {
    for (const [name, token] of [
      ['unchecked', unchecked],
      ['checked', checked],
    ]) {
      const r = await run(token);
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      rounds[name].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = (rs) => ({
    rps: Math.round(median(rs.map((r) => r.rps))),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
  });
  const c = summary(rounds.checked);
  const u = summary(rounds.unchecked);
  report('session-check', {
    checked_rps: c.rps,
    unchecked_rps: u.rps,
    checked_latency_ms_p50: c.p50,
    unchecked_latency_ms_p50: u.p50,
    checked_latency_ms_p99: c.p99,
    unchecked_latency_ms_p99: u.p99,
    throughput_ratio_checked_to_unchecked: Math.round((c.rps / u.rps) * 1000) / 1000,
    per_request_cost_ms: Math.round((1000 / c.rps - 1000 / u.rps) * 20 * 1000) / 1000,
    connections: 20,
    rounds: 3,
    duration_s: 5,
  });
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
