import { randomBytes } from 'node:crypto';
import { type Db } from '../../db/database.js';
import { type RoundRow } from '../../db/schema.js';
import { lockTaskRound, setCurrentRound } from '../tasks/repo.js';
import { insertRound } from './repo.js';

export const newRoundSecret = () => randomBytes(32).toString('hex');

/** Starts the next round; data collection moves to it. Contexts are not copied. */
export async function createNextRound(
  db: Db,
  tid: number,
  input: { desc?: string | null; longdesc?: string | null },
): Promise<RoundRow> {
  return db.transaction().execute(async (trx) => {
    const task = await lockTaskRound(trx, tid);
    const rid = task.cur_round + 1;
    const round = await insertRound(trx, {
      tid,
      rid,
      secret: newRoundSecret(),
      desc: input.desc ?? `Round ${rid}`,
      longdesc: input.longdesc ?? null,
    });
    await setCurrentRound(trx, tid, rid);
    return round;
  });
}
