import { randomBytes } from 'node:crypto';
import { type TestApp } from './support.js';
import { type EvaluationDeps } from '../src/features/evaluations/runner.js';

/** Evaluation helpers: the worker's dependencies for a test app, with short timings. */
export function evaluationDeps(
  t: TestApp,
  overrides: Partial<EvaluationDeps> = {},
): EvaluationDeps {
  return {
    db: t.db,
    storage: t.storage,
    log: t.deps.log,
    mailer: t.deps.mailer,
    queue: t.queue,
    timing: { heartbeatMs: 50, staleMs: 400, sweepMs: 100 },
    workerId: 'test-worker',
    ...overrides,
  };
}

export const jobsOf = (t: TestApp, mid: number) =>
  t.db.selectFrom('evaluation_jobs').selectAll().where('mid', '=', mid).orderBy('did').execute();

export const scoreRows = (t: TestApp, mid: number, did?: number) =>
  t.db
    .selectFrom('scores')
    .selectAll()
    .where('mid', '=', mid)
    .$if(did !== undefined, (q) => q.where('did', '=', did!))
    .execute();

/** A multipart/form-data body of several files, one per field (a predictions submission). */
export function multipartFiles(files: Record<string, string | Buffer>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----dynaloop-files-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [field, content] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.jsonl"\r\n` +
          'Content-Type: application/x-ndjson\r\n\r\n',
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The lines of a stored dataset. */
export async function datasetLines(t: TestApp, did: number) {
  const d = await t.db
    .selectFrom('datasets')
    .selectAll()
    .where('id', '=', did)
    .executeTakeFirstOrThrow();
  return (await t.storage.get(d.blob_key!))
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Macro F1 (×100, 2 decimals) as sklearn computes it, written independently of the server. */
export function referenceMacroF1(gold: string[], pred: string[]): number {
  const labels = [...new Set([...gold, ...pred])];
  const f1s = labels.map((l) => {
    const tp = gold.filter((g, i) => g === l && pred[i] === l).length;
    const fp = pred.filter((p, i) => p === l && gold[i] !== l).length;
    const fn = gold.filter((g, i) => g === l && pred[i] !== l).length;
    return tp + fp + fn === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  });
  return Math.round((10000 * f1s.reduce((a, b) => a + b, 0)) / labels.length) / 100;
}
