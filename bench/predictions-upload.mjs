// A predictions submission of 100,000 lines end to end: the multipart upload (every line
// checked against the task configuration and the dataset's uids), then the evaluation job
// (queue, scoring with 1,000 paired bootstrap replicates, score row), until the model page
// reports every dataset completed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, report, startServer } from './lib.mjs';

const LINES = 100_000;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-predictions-'));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'var');
const port = await freePort();
const pgPort = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = await startServer({ dataDir, port, env: { EMBEDDED_PG_PORT: String(pgPort) } });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
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

  // A 100k-line dataset of the task (its baselines are evaluated on it first; the measurement
  // starts once the queue is empty, so that it times this submission alone).
  const labels = ['negative', 'positive', 'neutral'];
  const dataset = Array.from({ length: LINES }, (_, i) => ({
    uid: `b-${i}`,
    statement: `Statement number ${i} about a product that was fine.`,
    label: labels[i % 3],
    tags: [`t${i % 20}`],
  }));
  const form = new FormData();
  form.append('file', new Blob([jsonl(dataset)]), 'bench.jsonl');
  const up = await fetch(`${base}/datasets/create/${task.id}/bench-100k`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (!up.ok) throw new Error(`dataset upload failed: ${await up.text()}`);
  // New datasets are hidden; a standard one shows its score on the model page.
  const created = await up.json();
  await fetch(`${base}/datasets/update/${created.dataset.id}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ access_type: 'standard' }),
  });
  const baselines = (
    await (await fetch(`${base}/users/1/models?limit=100`, { headers: auth })).json()
  ).data.filter((m) => m.task.task_code === 'sentiment');
  const settled = async (mid) => {
    const d = await (await fetch(`${base}/models/${mid}/details`, { headers: auth })).json();
    return d.evaluation_statuses.every((s) =>
      ['completed', 'failed'].includes(s.evaluation_status),
    );
  };
  const waitStart = performance.now();
  for (const m of baselines) while (!(await settled(m.id))) await sleep(250);
  const baselinesMs = performance.now() - waitStart;

  // The submission: a file for the scoring dataset and the 100k-line one.
  const scoringName = task.ordered_scoring_datasets[0].name;
  const scoringLines = fs
    .readFileSync(
      path.join(import.meta.dirname, '..', 'data/tasks/sentiment/scoring.jsonl'),
      'utf8',
    )
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const predictions = new FormData();
  predictions.append(
    scoringName,
    new Blob([jsonl(scoringLines.map((l) => ({ uid: l.uid, label: l.label })))]),
    'scoring.jsonl',
  );
  const big = jsonl(dataset.map((d, i) => ({ uid: d.uid, label: labels[(i * 7) % 3] })));
  predictions.append('bench-100k', new Blob([big]), 'bench.jsonl');

  const t0 = performance.now();
  const sub = await fetch(`${base}/models/upload_predictions/${task.id}/bench-100k-predictions`, {
    method: 'POST',
    headers: auth,
    body: predictions,
  });
  const uploadMs = performance.now() - t0;
  const subBody = await sub.json();
  if (!sub.ok) throw new Error(`predictions upload failed: ${JSON.stringify(subBody)}`);
  while (!(await settled(subBody.model_id))) await sleep(50);
  const totalMs = performance.now() - t0;
  const detail = await (
    await fetch(`${base}/models/${subBody.model_id}/details`, { headers: auth })
  ).json();
  const failed = detail.evaluation_statuses.filter((s) => s.evaluation_status !== 'completed');
  if (failed.length) throw new Error(`evaluation failed: ${JSON.stringify(failed)}`);
  const record = [...detail.leaderboard_scores, ...detail.non_leaderboard_scores]
    .map((s) => s.evaluation_record)
    .find((r) => r && r.n_examples === LINES);

  report('predictions-upload', {
    lines: LINES,
    bytes: Buffer.byteLength(big),
    upload_ms: Math.round(uploadMs),
    upload_to_completed_ms: Math.round(totalMs),
    evaluation_runtime_ms: record?.runtime_ms ?? null,
    baselines_on_100k_ms: Math.round(baselinesMs),
  });
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
