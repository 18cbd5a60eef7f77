import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { checkPredictionLine, SUBMISSION_LIMIT_MESSAGE, type TaskConfig } from '@dynaloop/contract';
import { type BuiltinModel } from '@dynaloop/models';
import { type Kysely } from 'kysely';
import {
  type Database,
  type DatasetRow,
  type ModelRow,
  type RoundRow,
  type TaskRow,
} from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { JsonlError, type LineProblem, linesOf, streamJsonlObjects } from '../../platform/jsonl.js';
import { type BlobStorage } from '../../platform/storage.js';
import { enqueueModelEvaluations } from '../evaluations/service.js';
import { newModelSecret } from './remote.js';
import {
  countedSubmissions,
  countModelSubmitted,
  insertPredictionFiles,
  insertPredictionsModel,
  lockSubmissions,
} from './repo.js';

/**
 * Registers a model the platform serves itself as a real model row: published, deployed, its
 * endpoint `/api/models/{id}/predict`, and in the loop of the given rounds.
 */
export async function registerBuiltinModel(
  trx: Kysely<Database>,
  tid: number,
  builtin: BuiltinModel,
  ownerId: number,
  rounds: RoundRow[],
): Promise<ModelRow> {
  const row = await trx
    .insertInto('models')
    .values({
      tid,
      uid: ownerId,
      name: builtin.name,
      desc: builtin.description,
      longdesc: builtin.description,
      kind: 'builtin',
      builtin_name: builtin.name,
      is_published: true,
      deployment_status: 'deployed',
      secret: newModelSecret(),
      license: 'Apache-2.0',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await trx
    .updateTable('models')
    .set({
      light_model: `/api/models/${row.id}/predict`,
      endpoint_name: `builtin-${row.id}-${builtin.name}`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (rounds.length) {
    await trx
      .insertInto('round_models_in_the_loop')
      .values(rounds.map((r) => ({ r_realid: r.id, mid: model.id })))
      .execute();
  }
  return model;
}

// ---------------------------------------------------------------------------------------------
// Prediction-file submissions

export interface SubmissionLimit {
  threshold: number;
  hours: number;
}

/**
 * Refuses a submission over the task's limit (dynalab_threshold per dynalab_hr_diff hours),
 * saying when the next one is possible. Call inside the transaction that stores it, after
 * lockSubmissions.
 */
export async function assertSubmissionAllowed(
  trx: Kysely<Database>,
  uid: number,
  task: TaskRow,
): Promise<void> {
  const counted = await countedSubmissions(trx, uid, task.id, task.dynalab_hr_diff);
  if (counted.length < task.dynalab_threshold) return;
  const oldest = counted[counted.length - task.dynalab_threshold]!.upload_datetime;
  const next = new Date(oldest.getTime() + task.dynalab_hr_diff * 3600_000);
  throw new AppError(429, 'rate_limited', SUBMISSION_LIMIT_MESSAGE, [
    {
      path: 'next_submission_at',
      message: `${next.toISOString()} (at most ${task.dynalab_threshold} submissions per ${task.dynalab_hr_diff} hours)`,
    },
  ]);
}

async function datasetUids(storage: BlobStorage, dataset: DatasetRow): Promise<Set<string>> {
  const uids = new Set<string>();
  if (!dataset.blob_key) return uids;
  for await (const raw of linesOf(storage.stream(dataset.blob_key))) {
    if (raw.trim() === '') continue;
    uids.add(String((JSON.parse(raw) as { uid: unknown }).uid));
  }
  return uids;
}

export interface StoredPredictions {
  dataset: DatasetRow;
  blobKey: string;
  sha256: string;
  lines: number;
  bytes: number;
}

/**
 * Streams one predictions file into blob storage, checking each line as it goes: its fields,
 * that its uid belongs to the dataset and is not repeated, and at the end that no uid of the
 * dataset lacks a prediction. Throws JsonlError (the file removed) on any problem.
 */
export async function storePredictionsFile(
  storage: BlobStorage,
  config: TaskConfig,
  dataset: DatasetRow,
  key: string,
  input: Readable,
): Promise<StoredPredictions> {
  const expected = await datasetUids(storage, dataset);
  const hash = createHash('sha256');
  let bytes = 0;
  // Hashes and counts the bytes as the lines are read (a Transform buffers until then).
  const counted = input.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
  );
  const out = new PassThrough();
  const writing = storage.put(key, out);
  const seen = new Set<string>();
  let lastLine = 0;
  try {
    const lines = await streamJsonlObjects(
      linesOf(counted),
      (obj, line) => {
        lastLine = line;
        const problems: LineProblem[] = checkPredictionLine(config, obj).map((p) => ({
          line,
          ...p,
        }));
        if (!problems.some((p) => p.field === 'uid')) {
          const uid = String(obj.uid);
          if (seen.has(uid))
            problems.push({ line, field: 'uid', message: `uid "${uid}" has a second prediction` });
          else if (!expected.has(uid))
            problems.push({
              line,
              field: 'uid',
              message: `uid "${uid}" is not in ${dataset.name}`,
            });
          seen.add(uid);
        }
        return problems;
      },
      async (obj) => {
        if (!out.write(`${JSON.stringify(obj)}\n`)) await once(out, 'drain');
      },
    );
    const missing = [...expected].filter((uid) => !seen.has(uid));
    if (missing.length) {
      throw new JsonlError([
        {
          line: lastLine + 1,
          field: 'uid',
          message: `no prediction for ${missing.length} uid${missing.length > 1 ? 's' : ''} of ${dataset.name}: ${missing
            .slice(0, 10)
            .map((u) => `"${u}"`)
            .join(', ')}${missing.length > 10 ? ', …' : ''}`,
        },
      ]);
    }
    out.end();
    await writing;
    return { dataset, blobKey: key, sha256: hash.digest('hex'), lines, bytes };
  } catch (err) {
    out.destroy();
    await writing.catch(() => undefined);
    await storage.delete(key);
    throw err;
  }
}

/**
 * Stores a prediction-file submission: the model row (status predictions_upload), its files and
 * its evaluation jobs, in one transaction that also enforces the submission limit. Returns the
 * model and the job ids to send once committed.
 */
export async function createPredictionsModel(
  db: Kysely<Database>,
  task: TaskRow,
  uid: number,
  name: string,
  files: StoredPredictions[],
): Promise<{ model: ModelRow; jobIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    await lockSubmissions(trx, uid, task.id);
    await assertSubmissionAllowed(trx, uid, task);
    const model = await insertPredictionsModel(trx, { tid: task.id, uid, name });
    await insertPredictionFiles(
      trx,
      files.map((f) => ({
        mid: model.id,
        did: f.dataset.id,
        blob_key: f.blobKey,
        sha256: f.sha256,
        line_count: f.lines,
        bytes: f.bytes,
      })),
    );
    await countModelSubmitted(trx, uid);
    const jobIds = await enqueueModelEvaluations(trx, model.id);
    return { model, jobIds };
  });
}
