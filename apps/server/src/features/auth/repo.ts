import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS } from '@dynaloop/contract';
import { sql, type Kysely } from 'kysely';
import { type Database } from '../../db/schema.js';
import { randomToken, sha256 } from '../../platform/tokens.js';

/**
 * Starts a login (a new family) or continues one; returns the plaintext token for the cookie and
 * the family, which identifies the login (the `sid` of its access tokens).
 */
export async function issueRefreshToken(
  db: Kysely<Database>,
  uid: number,
  meta: { familyId?: string; userAgent?: string | null; ip?: string | null } = {},
): Promise<{ token: string; familyId: string }> {
  const token = randomToken();
  const familyId = meta.familyId ?? randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      uid,
      token_hash: sha256(token),
      family_id: familyId,
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .execute();
  return { token, familyId };
}

export type RotateOutcome =
  | { ok: true; uid: number; token: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same login is
 * issued. Presenting a spent token again means it was stolen or replayed: the whole login
 * (every token of its family) is revoked.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  token: string,
  meta: { userAgent?: string | null; ip?: string | null },
): Promise<RotateOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
    if (row.rotated_at) {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('family_id', '=', row.family_id)
        .where('revoked_at', 'is', null)
        .execute();
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', row.uid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) return { ok: false, reason: 'revoked' } as const;
    await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    const next = await issueRefreshToken(trx, row.uid, { familyId: row.family_id, ...meta });
    return { ok: true, uid: row.uid, token: next.token, familyId: next.familyId } as const;
  });
}

/** Ends the login the token belongs to. */
export async function revokeRefreshFamily(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', (eb) =>
      eb.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', sha256(token)),
    )
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends a login by its id (the family of its refresh tokens). */
export async function revokeSession(
  db: Kysely<Database>,
  uid: number,
  familyId: string,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllUserTokens(db: Kysely<Database>, uid: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date() })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Refresh tokens past expiry, or revoked more than a day ago, are of no further use. Rotated ones
 * are kept until they expire, so that a replay is still recognised as reuse.
 */
export async function pruneRefreshTokens(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('refresh_tokens')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', new Date()),
        eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .execute();
}

/** The live API tokens of a user, newest first. */
export async function listApiTokens(db: Kysely<Database>, uid: number) {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes one of the user's live API tokens; false when there is none with this id. */
export async function revokeApiToken(
  db: Kysely<Database>,
  uid: number,
  id: number,
): Promise<boolean> {
  const res = await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Boolean(res.numUpdatedRows);
}
