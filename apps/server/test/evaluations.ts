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
