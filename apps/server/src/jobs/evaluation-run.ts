import { drainEvaluations, runEvaluationJob } from '../features/evaluations/runner.js';
import { defineJob } from '../platform/queue.js';
import { type JobDeps } from './deps.js';

/**
 * Runs one evaluation (model × dataset): the evaluation_jobs row holds its state, so a second
 * delivery of the same job finds it taken and does nothing. Then, while it is awake, the worker
 * takes the next waiting evaluations (for up to a minute) instead of waiting for the queue's
 * next poll: a burst (a new dataset, the demo at first start) runs back to back.
 */
export const evaluationRun = defineJob('evaluation.run', async ({ jobId }, deps: JobDeps) => {
  const evaluation = {
    db: deps.db,
    storage: deps.storage,
    log: deps.log,
    mailer: deps.mailer,
    queue: deps.queue,
    timing: deps.config.evaluation,
  };
  await runEvaluationJob(evaluation, jobId);
  await drainEvaluations(evaluation, 60_000);
});
