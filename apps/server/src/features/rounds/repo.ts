import { type Kysely } from 'kysely';
import { type Database, type RoundRow } from '../../db/schema.js';

export async function insertRound(
  db: Kysely<Database>,
  round: {
    tid: number;
    rid: number;
    secret: string;
    desc?: string | null;
    longdesc?: string | null;
  },
): Promise<RoundRow> {
  return db
    .insertInto('rounds')
    .values({
      tid: round.tid,
      rid: round.rid,
      secret: round.secret,
      desc: round.desc ?? null,
      longdesc: round.longdesc ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRound(
  db: Kysely<Database>,
  tid: number,
  rid: number,
): Promise<RoundRow | undefined> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('tid', '=', tid)
    .where('rid', '=', rid)
    .executeTakeFirst();
}

/** Every round of a task, in order, each with the number of its contexts. */
export async function listRoundsWithContextCount(db: Kysely<Database>, tid: number) {
  return db
    .selectFrom('rounds as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('contexts as c')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('c.r_realid', '=', 'r.id')
        .as('context_count'),
    )
    .where('r.tid', '=', tid)
    .orderBy('r.rid')
    .execute();
}

export async function setRoundLongdesc(
  db: Kysely<Database>,
  roundId: number,
  longdesc: string | null,
): Promise<void> {
  await db.updateTable('rounds').set({ longdesc }).where('id', '=', roundId).execute();
}

/** The round numbers of a task, in order. */
export async function listRoundNumbers(
  db: Kysely<Database>,
  tid: number,
): Promise<Array<{ rid: number }>> {
  return db.selectFrom('rounds').select('rid').where('tid', '=', tid).orderBy('rid').execute();
}
