import { type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';
import { notify } from '../notifications/service.js';

/**
 * Awards a badge once (a second award of the same badge and scope is a no-op) and tells the
 * user with a NEW_BADGE_EARNED notification. Returns whether it was new.
 */
export async function awardBadge(
  trx: Kysely<Database>,
  uid: number,
  name: string,
  options: { scope?: string; metadata?: Record<string, unknown> } = {},
): Promise<boolean> {
  const inserted = await trx
    .insertInto('badges')
    .values({
      uid,
      name,
      scope: options.scope ?? '',
      metadata_json: JSON.stringify(options.metadata ?? {}),
    })
    .onConflict((oc) => oc.columns(['uid', 'name', 'scope']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await notify(trx, uid, 'NEW_BADGE_EARNED', name);
  return true;
}
