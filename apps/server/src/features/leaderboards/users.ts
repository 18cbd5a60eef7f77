import { type PageQuery, type UserLeaderboardRow } from '@dynaloop/contract';
import { sql } from 'kysely';
import { type Db } from '../../db/database.js';

/**
 * Contributors ranked by verified fooling examples (fooled minus those judged not correct or
 * retracted), with their verified model error rate; deleted accounts are left out.
 */
export async function userLeaderboard(
  db: Db,
  tid: number,
  q: PageQuery,
  rid?: number,
): Promise<{ count: number; data: UserLeaderboardRow[] }> {
  let base = db
    .selectFrom('round_user_example_info as i')
    .innerJoin('rounds as r', 'r.id', 'i.r_realid')
    .innerJoin('users as u', 'u.id', 'i.uid')
    .where('r.tid', '=', tid)
    .where('u.deleted_at', 'is', null);
  if (rid !== undefined) base = base.where('r.rid', '=', rid);
  const grouped = base
    .select([
      'u.id as uid',
      'u.username',
      'u.avatar_url',
      sql<number>`sum(i.total_fooled - i.total_verified_not_correct_fooled)::int`.as('count'),
      sql<number>`sum(i.examples_submitted)::int`.as('submitted'),
    ])
    .groupBy(['u.id', 'u.username', 'u.avatar_url'])
    .having(sql`sum(i.examples_submitted)`, '>', 0);
  const total = await db
    .selectFrom(grouped.as('g'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const rows = await db
    .selectFrom(grouped.as('g'))
    .selectAll()
    .orderBy('count', 'desc')
    .orderBy('submitted', 'desc')
    .orderBy('uid')
    .limit(q.limit)
    .offset(q.offset * q.limit)
    .execute();
  return {
    count: Number(total?.n ?? 0),
    data: rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      avatar_url: r.avatar_url ?? '',
      count: r.count,
      MER: ((100 * r.count) / r.submitted).toFixed(2),
      total: `${r.count}/${r.submitted}`,
    })),
  };
}
