import { type Kysely } from 'kysely';
import { type Database, type DatasetAccessType, type DatasetRow } from '../../db/schema.js';
import { type LineProblem, parseJsonlObjects } from '../../platform/jsonl.js';
import { type BlobStorage } from '../../platform/storage.js';

export const DATASET_NAME = /^[A-Za-z0-9-]{1,62}$/;

function checkDatasetLine(obj: Record<string, unknown>, line: number): LineProblem[] {
  const problems: LineProblem[] = [];
  if (typeof obj.uid !== 'string' && typeof obj.uid !== 'number') {
    problems.push({ line, field: 'uid', message: 'is required (string or number)' });
  }
  if (!Array.isArray(obj.tags) || obj.tags.some((t) => typeof t !== 'string')) {
    problems.push({ line, field: 'tags', message: 'must be a list of strings' });
  }
  return problems;
}

export interface NewDatasetInput {
  tid: number;
  taskCode: string;
  name: string;
  accessType: DatasetAccessType;
  logAccessType?: 'owner' | 'user';
  rid?: number;
  desc?: string | null;
  longdesc?: string | null;
  sourceUrl?: string | null;
  weight?: number | null;
}

export const datasetBlobKey = (taskCode: string, name: string) =>
  `datasets/${taskCode}/${name}.jsonl`;

/**
 * Stores a dataset file (JSONL, one example a line with `uid` and `tags`) and its row. Every
 * line is checked before anything is written; uids must be unique within the file.
 */
export async function createDataset(
  trx: Kysely<Database>,
  storage: BlobStorage,
  input: NewDatasetInput,
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<DatasetRow> {
  if (!DATASET_NAME.test(input.name)) {
    throw new Error(`dataset name "${input.name}" must match [a-zA-Z0-9-]{1,62}`);
  }
  const seen = new Set<string>();
  const rows = await parseJsonlObjects(lines, (obj, line) => {
    const problems = checkDatasetLine(obj, line);
    const uid = String(obj.uid);
    if (!problems.length && seen.has(uid)) {
      problems.push({ line, field: 'uid', message: `duplicates uid "${uid}"` });
    }
    seen.add(uid);
    return problems;
  });
  const key = datasetBlobKey(input.taskCode, input.name);
  await storage.put(key, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return trx
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
      line_count: rows.length,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
