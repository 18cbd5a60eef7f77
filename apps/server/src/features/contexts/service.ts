import { checkContextLine, type TaskConfig } from '@dynaloop/contract';
import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';
import { streamJsonlObjects } from '../../platform/jsonl.js';

const CHUNK = 1000;

/**
 * Adds contexts to a round from JSONL lines `{context: {...}, tag, metadata}`, each verified
 * against the task configuration. Rows go in by chunks of 1000 in the caller's transaction, so
 * a bad line anywhere rolls the whole file back.
 */
export async function addContextsToRound(
  trx: Kysely<Database>,
  roundId: number,
  config: TaskConfig,
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<number> {
  let batch: Array<{
    r_realid: number;
    context_json: string;
    tag: string | null;
    metadata_json: string;
  }> = [];
  const flush = async () => {
    if (batch.length) await trx.insertInto('contexts').values(batch).execute();
    batch = [];
  };
  const count = await streamJsonlObjects(
    lines,
    (obj, line) => checkContextLine(config, obj).map((p) => ({ line, ...p })),
    async (obj) => {
      batch.push({
        r_realid: roundId,
        context_json: JSON.stringify(obj.context),
        tag: (obj.tag as string | null | undefined) ?? null,
        metadata_json: JSON.stringify(obj.metadata ?? {}),
      });
      if (batch.length >= CHUNK) await flush();
    },
  );
  await flush();
  return count;
}
