import { type RouteAuth } from '@dynaloop/contract';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Db } from '../db/database.js';
import { type UserRow } from '../db/schema.js';
import { errors } from './errors.js';
import { type AccessTokens, API_TOKEN_PREFIX, sha256, TokenExpiredError } from './tokens.js';

/** Who is calling. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'trial' }
  | { kind: 'crowd'; tid: number }
  | { kind: 'user'; user: UserRow; via: 'session' | 'api_token' };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export const ANONYMOUS: Actor = { kind: 'anonymous' };

export function currentUser(request: FastifyRequest): UserRow {
  const { actor } = request;
  if (actor.kind !== 'user') throw errors.unauthorized();
  return actor.user;
}

/**
 * A user by id, unless the account was deleted (its row is then a tombstone). With a session id
 * (the refresh-token family of a login), only while that login is live: in the same query, so
 * that checking it costs no extra round trip.
 */
export async function findActiveUser(
  db: Db,
  id: number,
  sessionId?: string,
): Promise<UserRow | undefined> {
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (sessionId !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_tokens')
          .select('id')
          .where('family_id', '=', sessionId)
          .where('uid', '=', id)
          .where('revoked_at', 'is', null),
      ),
    );
  }
  return query.executeTakeFirst();
}

async function actorFromApiToken(db: Db, token: string): Promise<Actor> {
  // The token and its (active) user in one query.
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.uid')
    .selectAll('u')
    .select(['t.id as token_id', 't.last_used_at as token_last_used_at'])
    .where('t.token_hash', '=', sha256(token))
    .where('t.revoked_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw errors.unauthorized('Invalid API token');
  const { token_id: tokenId, token_last_used_at: lastUsed, ...user } = row;
  if (!lastUsed || Date.now() - lastUsed.getTime() > 60_000) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: new Date() })
      .where('id', '=', tokenId)
      .execute();
  }
  return { kind: 'user', user, via: 'api_token' };
}

/** Reads the Bearer credential: a session JWT, a guest trial JWT or an API token. */
export async function resolveActor(
  db: Db,
  tokens: AccessTokens,
  header: string | undefined,
): Promise<Actor> {
  // Clients of the original API send the literal `Authorization: None` when logged out.
  if (!header || header.trim() === 'None') return ANONYMOUS;
  const crowd = /^Crowd\s+(\S+)$/i.exec(header);
  if (crowd) {
    const task = await db
      .selectFrom('tasks')
      .select('id')
      .where('crowd_token_hash', '=', sha256(crowd[1]!))
      .executeTakeFirst();
    if (!task) throw errors.unauthorized('Invalid crowd credential');
    return { kind: 'crowd', tid: task.id };
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw errors.unauthorized('Malformed Authorization header');
  const token = match[1]!;
  if (token.startsWith(API_TOKEN_PREFIX)) return actorFromApiToken(db, token);
  let claims;
  try {
    claims = await tokens.verify(token);
  } catch (err) {
    if (err instanceof TokenExpiredError) throw errors.tokenExpired();
    throw errors.unauthorized('Invalid token');
  }
  if (claims.scope === 'trial') return { kind: 'trial' };
  const user = await findActiveUser(db, claims.id, claims.sid);
  if (!user) {
    throw errors.unauthorized(
      claims.sid ? 'This login has ended: please log in again' : 'This account no longer exists',
    );
  }
  return { kind: 'user', user, via: 'session' };
}

/** The onRequest hook of a route: who may call it (see RouteAuth). */
export function authenticate(mode: RouteAuth, db: Db, tokens: AccessTokens) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.actor = ANONYMOUS;
    if (mode === 'none') return;
    const actor = await resolveActor(db, tokens, request.headers.authorization);
    request.actor = actor;
    if (mode === 'optional') {
      if (actor.kind === 'trial' || actor.kind === 'crowd') request.actor = ANONYMOUS;
      return;
    }
    if (actor.kind === 'anonymous') throw errors.unauthorized();
    if (actor.kind === 'trial' && mode !== 'user-or-trial') {
      throw errors.forbidden('Guest tokens can only be used to talk to models; please log in');
    }
    if (actor.kind === 'crowd' && mode !== 'user-or-crowd') {
      throw errors.forbidden('A crowd credential can only create and validate examples');
    }
  };
}
