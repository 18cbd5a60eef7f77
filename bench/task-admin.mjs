// Time to validate and store a 100k-line dataset file (multipart upload, every line checked
// against the task configuration), and the export rate of a round of 100k examples.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, report, startServer } from './lib.mjs';

const LINES = 100_000;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-admin-'));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'var');
const port = await freePort();
const pgPort = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = await startServer({ dataDir, port, env: { EMBEDDED_PG_PORT: String(pgPort) } });
try {
  const password = /password:\s+(\S+)/.exec(server.output())?.[1];
  const login = await fetch(`${base}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@dynaloop.local', password }),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const task = await (await fetch(`${base}/tasks/sentiment`)).json();

  const labels = ['negative', 'positive', 'neutral'];
  const body = Array.from({ length: LINES }, (_, i) =>
    JSON.stringify({
      uid: `b-${i}`,
      statement: `Statement number ${i} about a product that was fine.`,
      label: labels[i % 3],
      tags: ['bench'],
    }),
  ).join('\n');
  const form = new FormData();
  form.append('file', new Blob([body]), 'bench.jsonl');
  const t0 = performance.now();
  const up = await fetch(`${base}/datasets/create/${task.id}/bench-100k`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const uploadMs = performance.now() - t0;
  const upBody = await up.json();
  if (!up.ok) throw new Error(`upload failed: ${JSON.stringify(upBody)}`);

  // Examples for the export: written straight into the database (example creation is another
  // issue's API); each has a context, an author and two validations.
  const secret = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${secret}@127.0.0.1:${pgPort}/dynaloop`,
  });
  await client.connect();
  const round = (await client.query('SELECT id FROM rounds WHERE tid = $1 AND rid = 1', [task.id]))
    .rows[0];
  const cid = (
    await client.query('SELECT id FROM contexts WHERE r_realid = $1 LIMIT 1', [round.id])
  ).rows[0].id;
  const uid = (await client.query("SELECT id FROM users WHERE username = 'ana'")).rows[0].id;
  const vid = (await client.query("SELECT id FROM users WHERE username = 'ben'")).rows[0].id;
  await client.query(
    `INSERT INTO examples (cid, r_realid, tid, uid, input_json, output_json, metadata_json, model_wrong, tag)
     SELECT $1, $2, $3, $4, jsonb_build_object('statement', 'Example ' || g, 'label', 'positive'),
            '{"label":"negative","prob":{"negative":0.7,"positive":0.2,"neutral":0.1}}', '{}', (g % 2 = 0), 'bench'
     FROM generate_series(1, $5) g`,
    [cid, round.id, task.id, uid, LINES],
  );
  await client.query(
    `INSERT INTO validations (eid, uid, label, mode) SELECT id, $1, 'correct', 'user' FROM examples WHERE r_realid = $2`,
    [vid, round.id],
  );
  await client.end();

  const t1 = performance.now();
  const res = await fetch(`${base}/tasks/${task.id}/rounds/1/export`, { headers: auth });
  const text = await res.text();
  const exportMs = performance.now() - t1;
  // The default export: the envelope with the round's agreement figures, then the examples.
  const exported = JSON.parse(text).examples.length;
  report('task-admin', {
    dataset_lines: LINES,
    dataset_upload_validate_store_ms: Math.round(uploadMs),
    dataset_lines_per_second: Math.round(LINES / (uploadMs / 1000)),
    stored_lines: upBody.dataset.line_count,
    export_examples: exported,
    export_ms: Math.round(exportMs),
    export_examples_per_second: Math.round(exported / (exportMs / 1000)),
    export_mib: Math.round((text.length / 1048576) * 10) / 10,
  });
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
