// Examples stored per second with 50 concurrent submitters, each submission carrying a signed
// answer of the built-in sentiment model (verified by the server), against the rate of bare
// single-row transactional inserts into the same PostgreSQL measured in the same run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, report, startServer } from './lib.mjs';

const CONNECTIONS = 50;
const DURATION = 10;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-ex-'));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'var');
const port = await freePort();
const pgPort = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = await startServer({ dataDir, port, env: { EMBEDDED_PG_PORT: String(pgPort) } });
try {
  const secret = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${secret}@127.0.0.1:${pgPort}/dynaloop`,
  });
  await client.connect();
  // 50 submitters, each with an API token (made directly: registration is rate-limited per IP).
  const tokens = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const { rows } = await client.query(
      'INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id',
      [`bench${i}`, `bench${i}@example.org`],
    );
    const token = `dlk_bench_${i}_${Math.random().toString(36).slice(2)}`;
    await client.query(
      'INSERT INTO api_tokens (uid, token_hash, token_prefix) VALUES ($1, $2, $3)',
      [rows[0].id, createHash('sha256').update(token).digest('hex'), token.slice(0, 10)],
    );
    tokens.push(token);
  }
  const task = await (await fetch(`${base}/tasks/sentiment`)).json();
  const model = (
    await client.query('SELECT id, endpoint_name, light_model FROM models WHERE tid = $1', [
      task.id,
    ])
  ).rows[0];
  const contexts = (
    await client.query(
      'SELECT c.id, c.context_json FROM contexts c JOIN rounds r ON r.id = c.r_realid WHERE r.tid = $1 AND r.rid = $2 LIMIT 50',
      [task.id, task.cur_round],
    )
  ).rows;

  // Each submission as the create page makes it: the model's signed answer, then the example.
  const bodies = [];
  for (let i = 0; i < 200; i++) {
    const ctx = contexts[i % contexts.length];
    const statement = `Benchmark statement number ${i}, honestly not bad at all.`;
    const res = await fetch(`http://127.0.0.1:${port}${model.light_model}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({ ...ctx.context_json, statement }),
    });
    const { signature, ...output } = await res.json();
    bodies.push(
      JSON.stringify({
        tid: task.id,
        rid: task.cur_round,
        cid: ctx.id,
        input: { statement, label: i % 2 ? 'negative' : 'positive' },
        output,
        model_signature: signature,
        model_endpoint_name: model.endpoint_name,
      }),
    );
  }
  const before = Number((await client.query('SELECT count(*) FROM examples')).rows[0].count);
  let n = 0;
  const failures = new Map();
  const result = await autocannon({
    url: `${base}/examples`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        onResponse: (status, body) => {
          if (status >= 300)
            failures.set(
              `${status} ${String(body).slice(0, 160)}`,
              (failures.get(`${status} ${String(body).slice(0, 160)}`) ?? 0) + 1,
            );
        },
        setupRequest: (req, context) => {
          const i = n++;
          context.token ??= tokens[i % CONNECTIONS];
          return {
            ...req,
            body: bodies[i % bodies.length],
            headers: {
              ...req.headers,
              authorization: `Bearer ${context.token}`,
              'idempotency-key': `bench-${String(i).padStart(8, '0')}`,
            },
          };
        },
      },
    ],
  });
  const stored =
    Number((await client.query('SELECT count(*) FROM examples')).rows[0].count) - before;

  // The floor: single-row inserts, each in its own transaction, 50 clients, same duration.
  await client.query(
    'CREATE TABLE bench_rows (id bigserial PRIMARY KEY, payload jsonb NOT NULL, created timestamptz DEFAULT now())',
  );
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const c = new pg.Client({
        connectionString: `postgres://postgres:${secret}@127.0.0.1:${pgPort}/dynaloop`,
      });
      await c.connect();
      return c;
    }),
  );
  const deadline = Date.now() + DURATION * 1000;
  let inserts = 0;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < deadline) {
        await c.query('BEGIN');
        await c.query('INSERT INTO bench_rows (payload) VALUES ($1)', [
          bodies[inserts % bodies.length],
        ]);
        await c.query('COMMIT');
        inserts++;
      }
      await c.end();
    }),
  );
  const bareRate = inserts / DURATION;
  await client.end();
  const examplesPerSecond = stored / DURATION;
  const serverErrors = server
    .output()
    .split('\n')
    .filter((l) => l.includes('"level":50') || l.includes('"level":40'))
    .slice(0, 3);
  if (serverErrors.length) console.error(serverErrors.join('\n').slice(0, 2000));
  if (failures.size) console.error('failed answers:', [...failures.entries()]);
  report('examples', {
    connections: CONNECTIONS,
    duration_s: DURATION,
    examples_stored: stored,
    examples_per_second: Math.round(examplesPerSecond),
    latency_ms_p50: result.latency.p50,
    latency_ms_p99: result.latency.p99,
    non_2xx: result.non2xx,
    bare_insert_transactions_per_second: Math.round(bareRate),
    ratio_examples_to_bare_inserts: Math.round((examplesPerSecond / bareRate) * 1000) / 1000,
  });
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
