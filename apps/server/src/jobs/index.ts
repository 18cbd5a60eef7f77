import { type JobDefinition } from '../platform/queue.js';
import { type JobDeps } from './deps.js';
import { evaluationRun } from './evaluation-run.js';
import { mailSend } from './mail-send.js';
import { tokensPrune } from './tokens-prune.js';

/**
 * Every job the worker role runs, one file each. A new job (say `evaluation.run`): its payload
 * schema in packages/contract/src/jobs.ts, its handler in jobs/evaluation-run.ts made with
 * defineJob, and a line here; producers enqueue it with `deps.queue.enqueue(trx, …)`.
 */
export const JOBS: ReadonlyArray<JobDefinition<JobDeps>> = [mailSend, tokensPrune, evaluationRun];
