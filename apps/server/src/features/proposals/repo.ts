import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';

/** One page of proposals (pending first, then newest), all or one user's, and the total. */
export async function listProposals(
  db: Kysely<Database>,
  page: number,
  size: number,
  uid?: number,
) {
  let base = db.selectFrom('task_proposals as p').leftJoin('users as u', 'u.id', 'p.uid');
  if (uid !== undefined) base = base.where('p.uid', '=', uid);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base
    .select([
      'p.id',
      'p.uid',
      'u.username',
      'u.deleted_at',
      'p.name',
      'p.task_code',
      'p.desc',
      'p.longdesc',
      'p.status',
      'p.changes',
      'p.created_at',
    ])
    .orderBy((eb) => eb.case().when('p.status', '=', 'pending').then(0).else(1).end())
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
  return { total, rows };
}
