import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';
import { type LineProblem, parseJsonlObjects } from '../../platform/jsonl.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkContextLine(obj: Record<string, unknown>, line: number): LineProblem[] {
  const problems: LineProblem[] = [];
  if (!isPlainObject(obj.context)) {
    problems.push({ line, field: 'context', message: 'must be an object of context fields' });
  }
  if (obj.tag !== undefined && obj.tag !== null && typeof obj.tag !== 'string') {
    problems.push({ line, field: 'tag', message: 'must be a string or null' });
  }
  if (obj.metadata !== undefined && !isPlainObject(obj.metadata)) {
    problems.push({ line, field: 'metadata', message: 'must be an object' });
  }
  return problems;
}

/**
 * Adds contexts to a round from JSONL lines `{context: {...}, tag, metadata}`. Every line is
 * checked first; a bad file stores nothing.
 */
export async function addContextsToRound(
  trx: Kysely<Database>,
  roundId: number,
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<number> {
  const rows = await parseJsonlObjects(lines, checkContextLine);
  const CHUNK = 1000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('contexts')
      .values(
        rows.slice(i, i + CHUNK).map((r) => ({
          r_realid: roundId,
          context_json: JSON.stringify(r.context),
          tag: (r.tag as string | null | undefined) ?? null,
          metadata_json: JSON.stringify(r.metadata ?? {}),
        })),
      )
      .execute();
  }
  return rows.length;
}
