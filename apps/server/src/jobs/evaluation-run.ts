import { runEvaluationJob } from '../features/evaluations/runner.js';
import { defineJob } from '../platform/queue.js';
import { type JobDeps } from './deps.js';

/**
 * Runs one evaluation (model × dataset): the evaluation_jobs row holds its state, so a second
 * delivery of the same job finds it taken and does nothing.
 */
export const evaluationRun = defineJob('evaluation.run', ({ jobId }, deps: JobDeps) =>
  runEvaluationJob(
    {
      db: deps.db,
      storage: deps.storage,
      log: deps.log,
      mailer: deps.mailer,
      queue: deps.queue,
      timing: deps.config.evaluation,
    },
    jobId,
  ),
);
