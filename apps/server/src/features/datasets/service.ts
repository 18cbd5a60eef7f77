import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { checkDatasetLine, type TaskConfig } from '@dynaloop/contract';
import { type Kysely } from 'kysely';
import { type Database, type DatasetAccessType, type DatasetRow } from '../../db/schema.js';
import { streamJsonlObjects } from '../../platform/jsonl.js';
import { type BlobStorage } from '../../platform/storage.js';

export const DATASET_NAME = /^[A-Za-z0-9-]{1,62}$/;

export interface NewDatasetInput {
  tid: number;
  taskCode: string;
  name: string;
  config: TaskConfig;
  accessType: DatasetAccessType;
  logAccessType?: 'owner' | 'user';
  rid?: number;
  desc?: string | null;
  longdesc?: string | null;
  sourceUrl?: string | null;
  weight?: number | null;
}

/** Each upload gets a file of its own; the row points at the current one. */
export const newDatasetBlobKey = (taskCode: string, name: string) =>
  `datasets/${taskCode}/${name}-${randomUUID()}.jsonl`;

/**
 * Verifies a dataset file line by line against the task configuration and writes the valid
 * lines to a new blob as it goes. Throws JsonlError (and leaves no blob) when any line fails.
 */
export async function writeDatasetBlob(
  storage: BlobStorage,
  key: string,
  config: TaskConfig,
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<number> {
  const out = new PassThrough();
  const writing = storage.put(key, out);
  const seen = new Set<string>();
  let count: number;
  try {
    count = await streamJsonlObjects(
      lines,
      (obj, line) => {
        const problems = checkDatasetLine(config, obj).map((p) => ({ line, ...p }));
        const uid = String(obj.uid);
        if (!problems.some((p) => p.field === 'uid')) {
          if (seen.has(uid))
            problems.push({ line, field: 'uid', message: `duplicates uid "${uid}"` });
          seen.add(uid);
        }
        return problems;
      },
      async (obj) => {
        if (!out.write(`${JSON.stringify(obj)}\n`)) await once(out, 'drain');
      },
    );
  } catch (err) {
    out.destroy();
    await writing.catch(() => undefined);
    await storage.delete(key);
    throw err;
  }
  out.end();
  await writing;
  return count;
}

/**
 * Stores a dataset (file and row) in the caller's transaction; replaces the file of an existing
 * dataset of the same name. Returns the row, whether it existed, and the old file to delete
 * once the transaction has committed.
 */
export async function createDataset(
  trx: Kysely<Database>,
  storage: BlobStorage,
  input: NewDatasetInput,
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<DatasetRow & { updatedExisting: boolean; replacedBlobKey: string | null }> {
  if (!DATASET_NAME.test(input.name)) {
    throw new Error(`dataset name "${input.name}" must match [a-zA-Z0-9-]{1,62}`);
  }
  const key = newDatasetBlobKey(input.taskCode, input.name);
  const count = await writeDatasetBlob(storage, key, input.config, lines);
  try {
    const existing = await trx
      .selectFrom('datasets')
      .selectAll()
      .where('tid', '=', input.tid)
      .where('name', '=', input.name)
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      const row = await trx
        .updateTable('datasets')
        .set({ blob_key: key, line_count: count, updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...row, updatedExisting: true, replacedBlobKey: existing.blob_key };
    }
    const row = await trx
      .insertInto('datasets')
      .values({
        tid: input.tid,
        name: input.name,
        rid: input.rid ?? 0,
        desc: input.desc ?? null,
        longdesc: input.longdesc ?? null,
        source_url: input.sourceUrl ?? null,
        access_type: input.accessType,
        log_access_type: input.logAccessType ?? 'owner',
        weight: input.weight ?? null,
        blob_key: key,
        line_count: count,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, updatedExisting: false, replacedBlobKey: null };
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}
