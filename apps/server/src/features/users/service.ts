import { type Kysely } from 'kysely';
import { type Database, type UserRow } from '../../db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

export interface NewUserInput {
  username: string;
  email: string;
  /** null: an account nobody can log into until a password is set through recovery. */
  password: string | null;
  /** An already computed hash (hashing is slow: callers do it outside their transaction). */
  passwordHash?: string;
  admin?: boolean;
  realname?: string | null;
  affiliation?: string | null;
}

export async function createUser(db: Kysely<Database>, input: NewUserInput): Promise<UserRow> {
  const passwordHash =
    input.passwordHash ?? (input.password === null ? null : await hashPassword(input.password));
  return db
    .insertInto('users')
    .values({
      username: input.username.trim(),
      email: input.email.trim().toLowerCase(),
      password_hash: passwordHash,
      admin: input.admin ?? false,
      realname: input.realname ?? null,
      affiliation: input.affiliation ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

/**
 * Deletes an account as the legal pages promise: what the user submitted (examples,
 * validations, models, forks) stays, but nothing identifies them any more. The row remains as
 * a tombstone so that counts and foreign keys hold; its identity fields are scrubbed and the
 * username and email are freed.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  uid: number,
): Promise<{ avatarUrl: string | null }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['avatar_url'])
      .where('id', '=', uid)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        // Values no registration or rename can produce (a space; no domain), so nobody can take
        // them first and block the deletion.
        username: `deleted user ${uid}`,
        email: `deleted user ${uid}`,
        password_hash: null,
        realname: null,
        affiliation: null,
        avatar_url: null,
        settings_json: '{}',
        metadata_json: '{}',
        unseen_notifications: 0,
        admin: false,
        deleted_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', uid)
      .execute();
    await trx.deleteFrom('refresh_tokens').where('uid', '=', uid).execute();
    await trx.deleteFrom('api_tokens').where('uid', '=', uid).execute();
    await trx.deleteFrom('password_reset_tokens').where('uid', '=', uid).execute();
    await trx.deleteFrom('notifications').where('uid', '=', uid).execute();
    await trx.deleteFrom('task_user_permissions').where('uid', '=', uid).execute();
    // Models stay on leaderboards, without an author.
    await trx.updateTable('models').set({ is_anonymous: true }).where('uid', '=', uid).execute();
    // Crowd metadata may carry names the user typed about themself.
    await trx.updateTable('examples').set({ annotator_id: null }).where('uid', '=', uid).execute();
    return { avatarUrl: user.avatar_url };
  });
}
