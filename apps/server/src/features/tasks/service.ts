import { randomBytes } from 'node:crypto';
import { type Kysely } from 'kysely';
import { type Database, type NewTask, type RoundRow, type TaskRow } from '../../db/schema.js';
import { addTaskOwner, insertRound, insertTask } from './repo.js';

export interface NewRoundInput {
  desc?: string | null;
  longdesc?: string | null;
}

export const newRoundSecret = () => randomBytes(32).toString('hex');

/**
 * Creates a task with its rounds 1..n and its owners, in the caller's transaction. The task's
 * cur_round is the last round created.
 */
export async function createTaskWithRounds(
  trx: Kysely<Database>,
  task: Omit<NewTask, 'cur_round'>,
  rounds: NewRoundInput[],
  ownerIds: number[],
): Promise<{ task: TaskRow; rounds: RoundRow[] }> {
  const curRound = Math.max(1, rounds.length);
  const created = await insertTask(trx, { ...task, cur_round: curRound, last_updated: new Date() });
  const createdRounds: RoundRow[] = [];
  for (let i = 0; i < Math.max(1, rounds.length); i++) {
    const r = rounds[i] ?? {};
    createdRounds.push(
      await insertRound(trx, {
        tid: created.id,
        rid: i + 1,
        secret: newRoundSecret(),
        desc: r.desc ?? null,
        longdesc: r.longdesc ?? null,
      }),
    );
  }
  for (const uid of ownerIds) await addTaskOwner(trx, created.id, uid);
  return { task: created, rounds: createdRounds };
}
