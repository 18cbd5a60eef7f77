import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, TRIAL_TOKEN_TTL_SECONDS } from '@dynaloop/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const API_TOKEN_PREFIX = 'dlk_';

/** Opaque secrets (refresh, API, reset tokens) are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export type AccessClaims =
  | { scope: 'user'; id: number; username: string; sid?: string }
  | { scope: 'trial'; username: 'temp_user' };

export class TokenExpiredError extends Error {}
export class TokenInvalidError extends Error {}

/** Signs and checks the short-lived JWTs (HS256) that the SPA sends as Bearer tokens. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A user's access token. `sessionId` is the login it belongs to (its refresh-token family):
   * the token is refused once that login ends (logout, password reset, refresh-token reuse).
   */
  signUser(user: { id: number; username: string }, sessionId?: string): Promise<string> {
    return (
      new SignJWT({
        id: user.id,
        username: user.username,
        scope: 'user',
        ...(sessionId ? { sid: sessionId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        // Each token is distinct, even two issued in the same second for the same login.
        .setJti(randomToken(12))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(this.key)
    );
  }

  signTrial(): Promise<string> {
    return new SignJWT({ username: 'temp_user', scope: 'trial' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${TRIAL_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (
        payload.scope === 'user' &&
        typeof payload.id === 'number' &&
        typeof payload.username === 'string'
      ) {
        return {
          scope: 'user',
          id: payload.id,
          username: payload.username,
          ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
        };
      }
      if (payload.scope === 'trial') return { scope: 'trial', username: 'temp_user' };
      throw new TokenInvalidError('unknown token scope');
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new TokenExpiredError();
      throw new TokenInvalidError((err as Error).message);
    }
  }
}

/**
 * The signing secret: JWT_SECRET when configured (required with an external database, so that
 * every web process shares it); in the embedded mode one generated into DATA_DIR once.
 */
export async function loadSigningSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt.secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await fs.mkdir(dataDir, { recursive: true });
    await fs
      .writeFile(file, secret, { mode: 0o600, flag: 'wx' })
      .catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
