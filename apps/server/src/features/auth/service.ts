import { MESSAGES, PASSWORD_RESET_TTL_MINUTES, type RegisterBody } from '@dynaloop/contract';
import { type AppDeps } from '../../platform/app-types.js';
import { type UserRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { guessKey, LIMITS, LOGIN_GUESSES } from '../../platform/rate-limit.js';
import { API_TOKEN_PREFIX, randomToken, sha256 } from '../../platform/tokens.js';
import { awardBadge } from '../badges/service.js';
import { createUser, findUserByEmail } from '../users/service.js';
import { revokeAllUserTokens } from './repo.js';

type Deps = Pick<AppDeps, 'db' | 'rateLimiter' | 'config' | 'queue' | 'log'>;

// Verifying against this keeps a login for an unknown email as slow as one for a known email.
const DUMMY_HASH = hashPassword(randomToken());

export async function login(
  deps: Deps,
  email: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  await deps.rateLimiter.hit(LIMITS.loginPerIp, ip);
  const guesses = guessKey(email, ip);
  await deps.rateLimiter.checkGuess(LOGIN_GUESSES, guesses);
  const user = await findUserByEmail(deps.db, email);
  const ok =
    user && !user.deleted_at
      ? await verifyPassword(user.password_hash, password)
      : (await verifyPassword(await DUMMY_HASH, password), false);
  if (!ok || !user) {
    await deps.rateLimiter.failGuess(LOGIN_GUESSES, guesses);
    throw errors.unauthorized(MESSAGES.authenticationFailed);
  }
  await deps.rateLimiter.clear(LOGIN_GUESSES, guesses);
  return user;
}

export async function register(deps: Deps, body: RegisterBody, ip: string): Promise<UserRow> {
  await deps.rateLimiter.hit(LIMITS.registerPerIp, ip);
  if (deps.config.flags.beta_login) {
    if (!body.invite_code)
      throw errors.validation(MESSAGES.required, [
        { path: 'body.invite_code', message: MESSAGES.required },
      ]);
    if (!deps.config.betaInviteCodes.includes(body.invite_code)) {
      throw errors.validation(MESSAGES.unknownInviteCode, [
        { path: 'body.invite_code', message: MESSAGES.unknownInviteCode },
      ]);
    }
  }
  const email = body.email.trim().toLowerCase();
  const taken = await deps.db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), '=', email),
        eb(eb.fn('lower', ['username']), '=', body.username.toLowerCase()),
      ]),
    )
    .execute();
  if (taken.some((u) => u.email.toLowerCase() === email))
    throw errors.conflict('Email already exists');
  if (taken.length) throw errors.conflict('Username already exists');
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction().execute(async (trx) => {
    const user = await createUser(trx, {
      username: body.username,
      email,
      password: null,
      passwordHash,
    });
    await awardBadge(trx, user.id, 'WELCOME_NOOB');
    return trx.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  });
}

/**
 * Sends a reset link if the account exists. The caller answers the same either way, and this
 * runs after the answer so that its duration says nothing either.
 */
export async function initiateRecovery(deps: Deps, email: string, origin: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deleted_at) return;
  const token = randomToken();
  await deps.db
    .insertInto('password_reset_tokens')
    .values({
      uid: user.id,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    })
    .execute();
  const link = `${origin}/reset-password/${token}`;
  await deps.queue.enqueue(deps.db, 'mail.send', {
    to: user.email,
    uid: user.id,
    template: 'forgot_password',
    subject: 'Reset your Dynaloop password',
    text: [
      `Hello ${user.username},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Dynaloop account.',
      `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
}

/** Sets a new password with a single-use reset token; every login of the user ends. */
export async function resolveRecovery(
  deps: Deps,
  token: string,
  email: string,
  password: string,
  ip: string,
): Promise<void> {
  await deps.rateLimiter.hit(LIMITS.recoverPerIp, ip);
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.uid')
      .select([
        'password_reset_tokens.id',
        'password_reset_tokens.uid',
        'users.email',
        'password_reset_tokens.expires_at',
        'password_reset_tokens.used_at',
      ])
      .where('password_reset_tokens.token_hash', '=', sha256(token))
      .where('users.deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (
      !row ||
      row.used_at ||
      row.expires_at.getTime() <= Date.now() ||
      row.email.toLowerCase() !== email.trim().toLowerCase()
    ) {
      return false;
    }
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('uid', '=', row.uid)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', row.uid)
      .execute();
    await revokeAllUserTokens(trx, row.uid);
    return true;
  });
  if (!done) throw errors.unauthorized('The reset link is invalid, expired or already used');
  // The owner proved who they are: failed guesses against the account no longer hold them back.
  await deps.rateLimiter.clearPrefix(LOGIN_GUESSES, guessKey(email, ''));
}

export async function createApiToken(
  deps: Pick<Deps, 'db'>,
  uid: number,
): Promise<{ id: number; token: string; created_at: Date }> {
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  const row = await deps.db
    .insertInto('api_tokens')
    .values({
      uid,
      token_hash: sha256(token),
      token_prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, token, created_at: row.created_at };
}
