import { type Db } from '../../db/database.js';
import { type TaskRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { findRound, setRoundLongdesc } from '../rounds/repo.js';
import { compatEndpointName } from '../../platform/compat.js';
import { findPublishedModelIds, listServedLoopModels, replaceRoundLoop } from './repo.js';

/** Puts exactly these published models of the task in the loop of the round. */
export async function setModelsInTheLoop(
  db: Db,
  task: TaskRow,
  rid: number,
  modelIds: number[],
  longdesc?: string | null,
): Promise<void> {
  const round = await findRound(db, task.id, rid);
  if (!round) throw errors.notFound('Round');
  const ids = [...new Set(modelIds)];
  if (ids.length) {
    const eligible = await findPublishedModelIds(db, task.id, ids);
    const missing = ids.filter((id) => !eligible.some((m) => m.id === id));
    if (missing.length) {
      throw errors.badRequest(
        `Only published models of this task can be in the loop (not: ${missing.join(', ')})`,
      );
    }
  }
  await db.transaction().execute(async (trx) => {
    await replaceRoundLoop(trx, round.id, ids);
    if (longdesc !== undefined) await setRoundLongdesc(trx, round.id, longdesc);
  });
}

/**
 * `rounds.url` of the original API: the models in the loop of a round that this platform serves,
 * as `|`-separated absolute URLs ending in `predict?model=<endpoint>`, or null when there are
 * none. Remote models are left out: the original client sends the user's session token to these
 * URLs, which must not reach a third party.
 */
export async function roundModelUrl(
  db: Db,
  roundId: number,
  apiBase: string,
): Promise<string | null> {
  const rows = await listServedLoopModels(db, roundId);
  if (rows.length === 0) return null;
  return rows
    .map(
      (m) =>
        `${apiBase}/models/${String(m.id)}/predict?model=${encodeURIComponent(
          compatEndpointName(m.endpoint_name!),
        )}`,
    )
    .join('|');
}
