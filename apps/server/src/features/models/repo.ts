import { sql, type Kysely } from 'kysely';
import {
  type Database,
  type ModelPredictionFilesTable,
  type ModelRow,
  type ModelsTable,
} from '../../db/schema.js';
import { randomBytes } from 'node:crypto';
import { type Insertable, type Updateable } from 'kysely';

export async function findModel(db: Kysely<Database>, id: number): Promise<ModelRow | undefined> {
  return db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Notes an interaction with the model; at most one write a minute. */
export async function touchModelInteraction(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('models')
    .set({ last_interaction_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_interaction_at', 'is', null),
        eb('last_interaction_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}

type Db = Kysely<Database>;

/** Every dataset of a task, in id order. */
export const datasetsOfTask = (db: Db, tid: number) =>
  db.selectFrom('datasets').selectAll().where('tid', '=', tid).orderBy('id').execute();

/** A model's scores, each with the record of how it was computed. */
export const scoresOfModel = (db: Db, mid: number) =>
  db
    .selectFrom('scores as s')
    .leftJoin('evaluation_records as r', 'r.id', 's.evaluation_record_id')
    .select([
      's.did',
      's.perf',
      's.perf_std',
      's.perf_ci_low',
      's.perf_ci_high',
      's.pretty_perf',
      's.metadata_json',
      's.raw_output_blob_key',
      'r.id as record_id',
      'r.metric',
      'r.perf as record_perf',
      'r.n_examples',
      'r.dataset_sha256',
      'r.submission_sha256',
      'r.model_version',
      'r.scoring_version',
      'r.seed',
      'r.bootstrap_replicates',
      'r.started_at',
      'r.finished_at',
      'r.runtime_ms',
      'r.machine_json',
    ])
    .where('s.mid', '=', mid)
    .execute();

export const usernameOf = async (db: Db, uid: number | null) =>
  uid === null
    ? null
    : ((await db.selectFrom('users').select('username').where('id', '=', uid).executeTakeFirst())
        ?.username ?? null);

export const predictionFile = (db: Db, mid: number, did: number) =>
  db
    .selectFrom('model_prediction_files')
    .selectAll()
    .where('mid', '=', mid)
    .where('did', '=', did)
    .executeTakeFirst();

export const scoreOf = (db: Db, mid: number, did: number) =>
  db
    .selectFrom('scores')
    .select(['raw_output_blob_key'])
    .where('mid', '=', mid)
    .where('did', '=', did)
    .executeTakeFirst();

/**
 * Serialises submissions of one user to one task until the transaction ends, so that two
 * uploads at once cannot both pass the limit.
 */
export async function lockSubmissions(trx: Db, uid: number, tid: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${uid}, ${tid})`.execute(trx);
}

/**
 * Submissions of a user to a task within the window that count against the limit (those whose
 * evaluation failed because of the platform do not), oldest first.
 */
export async function countedSubmissions(trx: Db, uid: number, tid: number, hours: number) {
  return trx
    .selectFrom('models')
    .select('upload_datetime')
    .where('uid', '=', uid)
    .where('tid', '=', tid)
    .where('kind', '<>', 'builtin')
    .where('quota_exempt', '=', false)
    .where('upload_datetime', '>', sql<Date>`now() - make_interval(hours => ${hours})`)
    .orderBy('upload_datetime')
    .execute();
}

/** A dataset of the given task, or undefined. */
export const datasetOfTask = (db: Db, did: number, tid: number) =>
  db
    .selectFrom('datasets')
    .selectAll()
    .where('id', '=', did)
    .where('tid', '=', tid)
    .executeTakeFirst();

/** The owner-editable fields of a model. */
export async function setModelFields(
  db: Db,
  id: number,
  fields: Pick<
    Updateable<ModelsTable>,
    | 'name'
    | 'desc'
    | 'longdesc'
    | 'params'
    | 'languages'
    | 'license'
    | 'source_url'
    | 'model_card'
    | 'is_anonymous'
  >,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('models').set(fields).where('id', '=', id).execute();
}

/** Publishes an unpublished model and the reverse; returns the new state. */
export async function togglePublished(db: Db, id: number): Promise<boolean> {
  const row = await db
    .updateTable('models')
    .set((eb) => ({ is_published: eb.not(eb.ref('is_published')) }))
    .where('id', '=', id)
    .returning('is_published')
    .executeTakeFirstOrThrow();
  return row.is_published;
}

/** A prediction-file submission's model row (status predictions_upload, unpublished). */
export async function insertPredictionsModel(
  trx: Db,
  m: { tid: number; uid: number; name: string },
): Promise<ModelRow> {
  const inserted = await trx
    .insertInto('models')
    .values({
      tid: m.tid,
      uid: m.uid,
      name: m.name,
      kind: 'predictions',
      deployment_status: 'predictions_upload',
      secret: randomBytes(32).toString('hex'),
      is_published: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return trx
    .updateTable('models')
    .set({
      endpoint_name: `ts${Math.floor(Date.now() / 1000)}-${inserted.id}-${m.name}`.slice(0, 63),
    })
    .where('id', '=', inserted.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertPredictionFiles(
  trx: Db,
  files: Array<Insertable<ModelPredictionFilesTable>>,
): Promise<void> {
  if (files.length) await trx.insertInto('model_prediction_files').values(files).execute();
}

/** The user's count of submitted models. */
export async function countModelSubmitted(trx: Db, uid: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ models_submitted: sql`models_submitted + 1` })
    .where('id', '=', uid)
    .execute();
}
