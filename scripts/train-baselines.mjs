#!/usr/bin/env node
// Trains the bag-of-words baselines of the demo tasks and writes their weights to
// packages/models/src/weights/baselines.json (committed, so the platform never trains at start).
//
// Honest by construction: each model is trained only on the task's *standard* dataset (the
// non-adversarial one) and never sees the scoring dataset it is ranked on. Its score on the
// standard dataset is training accuracy, and its description says so.
//
//   node scripts/train-baselines.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TASKS = [
  { code: 'sentiment', text: ['statement'] },
  { code: 'hs', text: ['statement'] },
  // The hypothesis-only baseline: a well-known NLI artefact detector.
  { code: 'nli', text: ['hypothesis'] },
];

/** The same tokenisation as packages/models/src/text.ts. */
const tokens = (s) =>
  [...String(s ?? '').matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)].map((m) => m[0].toLowerCase());

const round = (x) => Math.round(x * 1e4) / 1e4;

const out = {};
for (const task of TASKS) {
  const file = path.join(root, 'data/tasks', task.code, 'standard.jsonl');
  const rows = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const labels = [...new Set(rows.map((r) => r.label))].sort();
  const docs = new Map(labels.map((l) => [l, 0]));
  const counts = new Map(labels.map((l) => [l, new Map()]));
  const totals = new Map(labels.map((l) => [l, 0]));
  const vocab = new Set();
  for (const r of rows) {
    docs.set(r.label, docs.get(r.label) + 1);
    for (const field of task.text) {
      for (const w of tokens(r[field])) {
        vocab.add(w);
        const c = counts.get(r.label);
        c.set(w, (c.get(w) ?? 0) + 1);
        totals.set(r.label, totals.get(r.label) + 1);
      }
    }
  }
  const alpha = 1;
  const v = vocab.size;
  const majority = labels.reduce((a, b) => (docs.get(b) > docs.get(a) ? b : a));
  out[task.code] = {
    trained_on: `data/tasks/${task.code}/standard.jsonl`,
    examples: rows.length,
    fields: task.text,
    labels,
    majority,
    log_prior: labels.map((l) => round(Math.log(docs.get(l) / rows.length))),
    log_unknown: labels.map((l) => round(Math.log(alpha / (totals.get(l) + alpha * v)))),
    log_likelihood: Object.fromEntries(
      [...vocab]
        .sort()
        .map((w) => [
          w,
          labels.map((l) =>
            round(Math.log(((counts.get(l).get(w) ?? 0) + alpha) / (totals.get(l) + alpha * v))),
          ),
        ]),
    ),
  };
}
const target = path.join(root, 'packages/models/src/weights/baselines.json');
fs.writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(
  JSON.stringify(
    Object.fromEntries(
      Object.entries(out).map(([k, m]) => [
        k,
        { examples: m.examples, vocab: Object.keys(m.log_likelihood).length, majority: m.majority },
      ]),
    ),
  ),
);
