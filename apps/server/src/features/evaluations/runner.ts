import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { modelInputFields, parseTaskConfig, type TaskConfig } from '@dynaloop/contract';
import { BUILTIN_MODELS } from '@dynaloop/models';
import { type Db } from '../../db/database.js';
import { type DatasetRow, type ModelRow, type TaskRow } from '../../db/schema.js';
import { publishModelEvent } from '../../platform/events.js';
import { linesOf } from '../../platform/jsonl.js';
import { type Logger } from '../../platform/logger.js';
import { type Mailer } from '../../platform/mail.js';
import { type JobQueue } from '../../platform/queue.js';
import { type BlobStorage } from '../../platform/storage.js';

import { predictionFile } from '../models/repo.js';
import { notify } from '../notifications/service.js';
import { dispatchEvaluations, jobLogKey } from './service.js';
import {
  claimJob,
  evaluationSubject,
  insertEvaluationRecord,
  ownerContact,
  roundIdOf,
  finishAttempt,
  heartbeat,
  type Lease,
  markQuotaExempt,
  releaseStaleJobs,
  touchUnclaimedJobs,
  upsertScore,
  waitingJobIds,
} from './repo.js';
import {
  SCORING_VERSION,
  scorePredictions,
  UnscorableSubmissionError,
  UnsupportedMetricError,
} from './score.js';
import { datasetSeed } from '@dynaloop/scoring';

export interface EvaluationTiming {
  /** How often a running job proves its worker is alive. */
  heartbeatMs: number;
  /** A job whose heartbeat is older than this is taken back and retried. */
  staleMs: number;
  /** How often a worker looks for stale and forgotten jobs. */
  sweepMs: number;
}

export const DEFAULT_TIMING: EvaluationTiming = {
  heartbeatMs: 5_000,
  staleMs: 30_000,
  sweepMs: 10_000,
};

export interface EvaluationDeps {
  db: Db;
  storage: BlobStorage;
  log: Logger;
  mailer: Mailer;
  /** Where retries and resent jobs go; without one (tests) they wait for runWaitingEvaluations. */
  queue?: JobQueue;
  timing?: EvaluationTiming;
  /** Identifies this process in job rows; defaults to host and pid. */
  workerId?: string;
}

/** A problem with what was submitted: retrying cannot help, and it counts as a submission. */
export class SubmissionError extends Error {}

const workerIdOf = (deps: EvaluationDeps) => deps.workerId ?? `${os.hostname()}:${process.pid}`;

export function machineDescription(): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    cpu: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memory_gib: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    pid: process.pid,
  };
}

interface Loaded {
  model: ModelRow;
  dataset: DatasetRow;
  task: TaskRow;
  config: TaskConfig;
}

async function load(db: Db, mid: number, did: number): Promise<Loaded> {
  const { model, dataset, task } = await evaluationSubject(db, mid, did);
  if (!model || !dataset || !task)
    throw new SubmissionError('The model or the dataset no longer exists');
  const parsed = parseTaskConfig(task.config_yaml);
  if (!parsed.ok) throw new SubmissionError('The task has no valid configuration');
  return { model, dataset, task, config: parsed.config };
}

const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve));

interface Computed {
  perfMetric: string;
  score: ReturnType<typeof scorePredictions>;
  datasetSha256: string;
  n: number;
  seed: number;
  submissionSha256: string | null;
  modelVersion: string | null;
  rawOutputBlobKey: string | null;
  log: string[];
}

/** Reads the dataset, gets the model's answers, scores them. Pure of database writes. */
async function compute(deps: EvaluationDeps, { model, dataset, task, config }: Loaded) {
  const log: string[] = [];
  const say = (msg: string) => log.push(`${new Date().toISOString()} ${msg}`);
  if (!dataset.blob_key) throw new SubmissionError('The dataset has no file');
  const ref = config.perf_metric.reference_name;
  say(`dataset ${dataset.name}, perf metric ${config.perf_metric.type} on "${ref}"`);

  let predictionOf: (line: Record<string, unknown>) => unknown;
  let submissionSha256: string | null = null;
  let modelVersion: string | null = null;
  let rawOutputBlobKey: string | null = null;
  const rawOutput: string[] = [];
  if (model.kind === 'builtin') {
    const builtin = model.builtin_name ? BUILTIN_MODELS[model.builtin_name] : undefined;
    if (!builtin) throw new Error(`built-in model ${model.builtin_name ?? ''} is not available`);
    const fields = modelInputFields(config);
    modelVersion = `builtin:${builtin.name}`;
    rawOutputBlobKey = `predictions/${task.task_code}/${model.id}/${dataset.id}-${randomUUID()}.jsonl`;
    predictionOf = (line) => {
      const output = builtin.predict(Object.fromEntries(fields.map((f) => [f, line[f]])));
      rawOutput.push(JSON.stringify({ uid: line.uid, ...output }));
      return output[ref];
    };
  } else if (model.kind === 'predictions') {
    const file = await predictionFile(deps.db, model.id, dataset.id);
    if (!file) throw new SubmissionError(`No predictions were uploaded for ${dataset.name}`);
    submissionSha256 = file.sha256;
    const byUid = new Map<string, unknown>();
    for await (const raw of linesOf(deps.storage.stream(file.blob_key))) {
      if (raw.trim() === '') continue;
      const obj = JSON.parse(raw) as Record<string, unknown>;
      byUid.set(String(obj.uid), obj[ref]);
      if (byUid.size % 5000 === 0) await yieldToLoop();
    }
    say(`predictions file sha256 ${file.sha256}, ${byUid.size} lines`);
    predictionOf = (line) => {
      const uid = String(line.uid);
      if (!byUid.has(uid)) throw new SubmissionError(`No prediction for uid "${uid}"`);
      return byUid.get(uid);
    };
  } else {
    throw new Error(`models of kind ${model.kind} cannot be evaluated by this server yet`);
  }

  const hash = createHash('sha256');
  const predictions: unknown[] = [];
  const targets: unknown[] = [];
  const tags: string[][] = [];
  for await (const raw of linesOf(deps.storage.stream(dataset.blob_key))) {
    hash.update(`${raw}\n`);
    if (raw.trim() === '') continue;
    const line = JSON.parse(raw) as Record<string, unknown>;
    predictions.push(predictionOf(line));
    targets.push(line[ref]);
    tags.push(Array.isArray(line.tags) ? line.tags.map(String) : []);
    if (predictions.length % 1000 === 0) await yieldToLoop();
  }
  const datasetSha256 = hash.digest('hex');
  // Paired replicates: the resample indices depend on the dataset's content only.
  const seed = datasetSeed(datasetSha256);
  say(`dataset sha256 ${datasetSha256}, ${predictions.length} examples, seed ${seed}`);
  if (rawOutputBlobKey) await deps.storage.put(rawOutputBlobKey, `${rawOutput.join('\n')}\n`);
  const score = scorePredictions(config.perf_metric.type, predictions, targets, tags, seed);
  say(
    `${config.perf_metric.type} = ${score.perf} (bootstrap std ${score.perf_std ?? 'n/a'}, ` +
      `95% interval ${score.ci_low ?? '?'}–${score.ci_high ?? '?'}, ${score.replicates.length} replicates)`,
  );
  return {
    perfMetric: config.perf_metric.type,
    score,
    datasetSha256,
    n: predictions.length,
    seed,
    submissionSha256,
    modelVersion,
    rawOutputBlobKey,
    log,
  } satisfies Computed;
}

async function tellOwner(
  deps: EvaluationDeps,
  loaded: Pick<Loaded, 'model' | 'dataset'>,
  status: 'completed' | 'failed',
  detail: string,
): Promise<void> {
  const { model, dataset } = loaded;
  if (model.kind === 'builtin' || model.uid === null) return;
  const owner = await ownerContact(deps.db, model.uid);
  if (!owner) return;
  const what = `${model.name || `Model ${model.id}`} on ${dataset.name}`;
  const mail = {
    to: owner.email,
    uid: owner.id,
    template: status === 'completed' ? 'model_evaluation_completed' : 'model_evaluation_failed',
    subject:
      status === 'completed' ? `Evaluation completed: ${what}` : `Evaluation failed: ${what}`,
    text:
      `Hello ${owner.username},\n\n` +
      (status === 'completed'
        ? `the evaluation of ${what} is complete: ${detail}.\n`
        : `the evaluation of ${what} failed: ${detail}\n`) +
      `\nSee the model page: /models/${model.id}\n`,
  };
  // Through the mail job when a queue runs (delivered and retried there), else sent here.
  await (
    deps.queue ? deps.queue.enqueue(deps.db, 'mail.send', mail) : deps.mailer.send(mail)
  ).catch((err: unknown) => deps.log.error({ err }, 'evaluation mail failed'));
}

/**
 * Runs one evaluation job: claims it, beats while computing, and writes the score, its
 * immutable record and the completion in one transaction (only while it still holds the job,
 * so a score is written once even if a worker thought dead comes back). Never throws.
 */
export async function runEvaluationJob(deps: EvaluationDeps, jobId: number): Promise<void> {
  const { db, log } = deps;
  const timing = deps.timing ?? DEFAULT_TIMING;
  const workerId = workerIdOf(deps);
  const job = await db.transaction().execute(async (trx) => {
    const claimed = await claimJob(trx, jobId, workerId);
    if (claimed)
      await publishModelEvent(trx, { mid: claimed.mid, did: claimed.did, status: 'evaluating' });
    return claimed;
  });
  if (!job) return;
  const lease: Lease = { jobId, workerId, attempt: job.attempts };
  const started = new Date();
  const beat = setInterval(() => {
    void heartbeat(db, lease).catch((err: unknown) => log.warn({ err, jobId }, 'heartbeat failed'));
  }, timing.heartbeatMs);
  let loaded: Loaded | undefined;
  try {
    loaded = await load(db, job.mid, job.did);
    const computed = await compute(deps, loaded);
    const finished = new Date();
    const runtimeMs = finished.getTime() - started.getTime();
    const l = loaded;
    const written = await db.transaction().execute(async (trx) => {
      if (!(await finishAttempt(trx, lease, { status: 'completed', runtimeMs }))) return false;
      const recordId = await insertEvaluationRecord(trx, {
        mid: job.mid,
        did: job.did,
        job_id: job.id,
        attempt: job.attempts,
        metric: computed.perfMetric,
        perf: computed.score.perf,
        n_examples: computed.n,
        dataset_sha256: computed.datasetSha256,
        submission_sha256: computed.submissionSha256,
        model_version: computed.modelVersion,
        scoring_version: SCORING_VERSION,
        seed: computed.seed,
        bootstrap_replicates: computed.score.replicates.length,
        started_at: started,
        finished_at: finished,
        runtime_ms: runtimeMs,
        machine_json: JSON.stringify(machineDescription()),
      });
      const roundId = l.dataset.rid > 0 ? await roundIdOf(trx, l.task.id, l.dataset.rid) : null;
      await upsertScore(trx, {
        mid: job.mid,
        did: job.did,
        rRealid: roundId,
        perf: computed.score.perf,
        prettyPerf: computed.score.pretty_perf,
        perfStd: computed.score.perf_std,
        ciLow: computed.score.ci_low,
        ciHigh: computed.score.ci_high,
        metadata: {
          ...computed.score.perf_dict,
          perf_by_tag: computed.score.perf_by_tag,
          bootstrap: {
            replicates: computed.score.replicates.length,
            seed: computed.seed,
            ci_low: computed.score.ci_low,
            ci_high: computed.score.ci_high,
          },
        },
        replicates: computed.score.replicates,
        rawOutputBlobKey: computed.rawOutputBlobKey ?? null,
        recordId,
      });
      if (l.model.kind !== 'builtin' && l.model.uid !== null) {
        await notify(
          trx,
          l.model.uid,
          'MODEL_EVALUATION_STATUS',
          MESSAGE_TEXT_FOR(l, 'completed'),
          {
            mid: job.mid,
            did: job.did,
            status: 'completed',
          },
        );
      }
      await publishModelEvent(trx, { mid: job.mid, did: job.did, status: 'completed' });
      return true;
    });
    if (!written) {
      log.warn({ jobId }, 'evaluation finished after its job was taken back; result dropped');
      return;
    }
    await deps.storage
      .put(jobLogKey(job.mid, job.did), `${computed.log.join('\n')}\n`)
      .catch((err: unknown) => log.warn({ err }, 'could not store the job log'));
    await tellOwner(deps, l, 'completed', `${computed.perfMetric} ${computed.score.perf}`);
  } catch (err) {
    await failAttempt(deps, lease, job, loaded, started, err);
  } finally {
    clearInterval(beat);
  }
}

const MESSAGE_TEXT_FOR = (l: Pick<Loaded, 'model' | 'dataset'>, status: string) =>
  `${l.model.name || `Model ${l.model.id}`} on ${l.dataset.name}: ${status}`;

async function failAttempt(
  deps: EvaluationDeps,
  lease: Lease,
  job: { id: number; mid: number; did: number; attempts: number; max_attempts: number },
  loaded: Loaded | undefined,
  started: Date,
  err: unknown,
): Promise<void> {
  const { db, log } = deps;
  const submission = err instanceof SubmissionError || err instanceof UnscorableSubmissionError;
  const unsupported = err instanceof UnsupportedMetricError;
  const terminal = submission || unsupported || job.attempts >= job.max_attempts;
  const message =
    submission || unsupported
      ? (err as Error).message
      : 'The evaluation failed because of a problem on the platform. It does not count against your submission limit.';
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  if (!submission) log.error({ err, jobId: job.id }, 'evaluation attempt failed');
  const status = terminal ? 'failed' : 'pre_evaluation';
  const ok = await db
    .transaction()
    .execute(async (trx) => {
      const held = await finishAttempt(trx, lease, {
        status,
        runtimeMs: Date.now() - started.getTime(),
        error: message,
        detail: detail.slice(0, 4000),
        cause: submission ? 'submission' : 'platform',
      });
      if (!held) return false;
      if (status === 'failed' && !submission) await markQuotaExempt(trx, job.mid);
      if (status === 'failed' && loaded && loaded.model.kind !== 'builtin' && loaded.model.uid) {
        await notify(
          trx,
          loaded.model.uid,
          'MODEL_EVALUATION_STATUS',
          MESSAGE_TEXT_FOR(loaded, 'failed'),
          {
            mid: job.mid,
            did: job.did,
            status: 'failed',
          },
        );
      }
      await publishModelEvent(trx, { mid: job.mid, did: job.did, status });
      return true;
    })
    .catch((e: unknown) => {
      log.error({ err: e, jobId: job.id }, 'could not record a failed evaluation');
      return false;
    });
  if (!ok) return;
  await deps.storage
    .put(jobLogKey(job.mid, job.did), `${new Date().toISOString()} failed: ${message}\n`)
    .catch(() => undefined);
  if (status === 'pre_evaluation')
    if (deps.queue) await dispatchEvaluations(deps.queue, deps.db, [job.id], log);
    else if (loaded) await tellOwner(deps, loaded, 'failed', message);
}

/**
 * Takes back jobs whose worker stopped beating (retried, or failed after the last attempt) and
 * resends jobs nobody picked up. Returns the ids sent again.
 */
export async function sweepEvaluations(deps: EvaluationDeps): Promise<number[]> {
  const timing = deps.timing ?? DEFAULT_TIMING;
  const released = await deps.db.transaction().execute(async (trx) => {
    const rows = await releaseStaleJobs(trx, timing.staleMs);
    for (const r of rows) {
      if (r.status === 'failed') await markQuotaExempt(trx, r.mid);
      await publishModelEvent(trx, { mid: r.mid, did: r.did, status: r.status });
    }
    return rows;
  });
  if (released.length)
    deps.log.warn({ jobs: released.map((r) => r.id) }, 'stale evaluations taken back');
  const resend = [
    ...released.filter((r) => r.status === 'pre_evaluation').map((r) => r.id),
    ...(await touchUnclaimedJobs(deps.db, timing.staleMs)),
  ];
  if (deps.queue) await dispatchEvaluations(deps.queue, deps.db, resend, deps.log);
  return resend;
}

/**
 * Claims and runs waiting jobs one after another, oldest first, until none is left or
 * `budgetMs` has passed; each claim is atomic, so several workers may drain at once.
 */
export async function drainEvaluations(deps: EvaluationDeps, budgetMs: number): Promise<number> {
  const until = Date.now() + budgetMs;
  let ran = 0;
  while (Date.now() < until) {
    const [next] = await waitingJobIds(deps.db, undefined, 1);
    if (next === undefined) break;
    await runEvaluationJob(deps, next);
    ran++;
  }
  return ran;
}

/** Runs every waiting job in this process, one after another (tests, and the CLI). */
export async function runWaitingEvaluations(deps: EvaluationDeps, mid?: number): Promise<number> {
  let n = 0;
  for (const id of await waitingJobIds(deps.db, mid)) {
    await runEvaluationJob(deps, id);
    n++;
  }
  return n;
}

/**
 * The worker role's sweep (jobs/evaluation-run.ts runs the jobs themselves): every `sweepMs`,
 * stale jobs are taken back and forgotten ones resent; at start, every waiting job is sent.
 */
export function startEvaluationSweeper(deps: EvaluationDeps & { queue: JobQueue }): {
  stop(): Promise<void>;
} {
  const timing = deps.timing ?? DEFAULT_TIMING;
  let sweeping: Promise<unknown> = waitingJobIds(deps.db)
    .then((ids) => dispatchEvaluations(deps.queue, deps.db, ids, deps.log))
    .catch((err: unknown) => deps.log.error({ err }, 'could not send the waiting evaluations'));
  const timer = setInterval(() => {
    sweeping = sweeping.then(() =>
      sweepEvaluations(deps).catch((err: unknown) =>
        deps.log.error({ err }, 'evaluation sweep failed'),
      ),
    );
  }, timing.sweepMs);
  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
