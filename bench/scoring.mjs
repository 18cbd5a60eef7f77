// Scoring cost against parsing cost, in one run: 1M classification predictions as JSON lines
// (JSON.parse time of the lines; then accuracy + macro-F1, each with 1,000 paired bootstrap
// replicates, and the peak memory), and BLEU + chrF++ on 1,000 sentence pairs × 20 directions
// (per-direction tags, perf = mean over directions, 1,000 replicates each).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, report } from './lib.mjs';

// packages/scoring is TypeScript: bundle it as the server build does.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-bench-scoring-'));
const outfile = path.join(tmp, 'scoring.mjs');
await build({
  entryPoints: [path.join(ROOT, 'packages/scoring/src/index.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { datasetSeed, scoreDataset } = await import(outfile);
fs.rmSync(tmp, { recursive: true, force: true });

const ITEMS = 1_000_000;
const REPLICATES = 1000;
const LABELS = ['entailment', 'neutral', 'contradiction'];

// Deterministic data: an 80 %-accurate model on a 3-class dataset.
let state = 20240601;
const random = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
};
const lines = [];
for (let i = 0; i < ITEMS; i++) {
  const gold = Math.floor(random() * LABELS.length);
  const pred = random() < 0.8 ? gold : Math.floor(random() * LABELS.length);
  lines.push(JSON.stringify({ id: `ex-${i}`, pred: LABELS[pred], label: LABELS[gold] }));
}

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const sampler = setInterval(sample, 5);
const ms = (t0) => Math.round(performance.now() - t0);
// Let the sampler run between phases (the work itself is synchronous).
const tick = () => new Promise((r) => setTimeout(r, 10));

sample();
const baseRss = process.memoryUsage().rss;
// The host may be busy: each phase runs RUNS times, alternating, and the fastest run counts.
const RUNS = 3;
const seed = datasetSeed('bench/nli-1m');
const parseRuns = [];
const scoreRuns = [];
let acc;
let f1;
for (let run = 0; run < RUNS; run++) {
  let t0 = performance.now();
  const rows = lines.map((l) => JSON.parse(l));
  parseRuns.push(ms(t0));
  await tick();
  const predictions = rows.map((r) => r.pred);
  const targets = rows.map((r) => r.label);
  t0 = performance.now();
  acc = scoreDataset('accuracy', predictions, targets, null, { seed, replicates: REPLICATES });
  sample();
  f1 = scoreDataset('macro_f1', predictions, targets, null, { seed, replicates: REPLICATES });
  sample();
  scoreRuns.push(ms(t0));
  await tick();
}
clearInterval(sampler);
sample();
const parseMs = Math.min(...parseRuns);
const scoreMs = Math.min(...scoreRuns);

// Translation: 1,000 sentence pairs in each of 20 directions, tagged "src-tgt".
const sentences = fs
  .readFileSync(path.join(ROOT, 'data/mt/sentences.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const langs = Object.keys(sentences[0]).filter((k) => /^[a-z]{3}$/.test(k));
const directions = [];
for (const src of langs) for (const tgt of langs) if (src !== tgt) directions.push([src, tgt]);
const DIRECTIONS = directions.slice(0, 20);
const PAIRS = 1000;
const hyps = [];
const refs = [];
const tags = [];
for (const [src, tgt] of DIRECTIONS) {
  for (let i = 0; i < PAIRS; i++) {
    const a = sentences[i % sentences.length];
    const b = sentences[(i * 7 + 3) % sentences.length];
    // A hypothesis that is mostly the reference, sometimes another sentence.
    hyps.push(i % 4 === 0 ? b[tgt] : a[tgt].split(' ').reverse().slice(1).reverse().join(' '));
    refs.push(a[tgt]);
    tags.push([`${src}-${tgt}`]);
  }
}
const mtSeed = datasetSeed('bench/flores-20');
let t0 = performance.now();
const bleu = scoreDataset('bleu', hyps, refs, tags, { seed: mtSeed, perfOver: 'tags' });
const bleuMs = ms(t0);
t0 = performance.now();
const chrf = scoreDataset('chrf_pp', hyps, refs, tags, { seed: mtSeed, perfOver: 'tags' });
const chrfMs = ms(t0);

const mib = (b) => Math.round((b / 2 ** 20) * 10) / 10;
report('scoring', {
  classification: {
    items: ITEMS,
    replicates: REPLICATES,
    json_parse_ms: parseMs,
    accuracy_and_macro_f1_ms: scoreMs,
    json_parse_runs_ms: parseRuns,
    scoring_runs_ms: scoreRuns,
    ratio_to_parse: Math.round((scoreMs / parseMs) * 1000) / 1000,
    accuracy: acc.perf,
    macro_f1: f1.perf,
    accuracy_replicate_std: Math.round(sd(acc.replicates) * 1e4) / 1e4,
    peak_rss_mib: mib(peakRss),
    peak_rss_over_start_mib: mib(peakRss - baseRss),
    peak_heap_used_mib: mib(peakHeap),
  },
  translation: {
    pairs: hyps.length,
    directions: DIRECTIONS.length,
    replicates: REPLICATES,
    bleu_ms: bleuMs,
    chrf_pp_ms: chrfMs,
    bleu_and_chrf_pp_ms: bleuMs + chrfMs,
    bleu: bleu.perf,
    chrf_pp: chrf.perf,
  },
});

function sd(xs) {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}
