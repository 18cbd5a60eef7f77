import { type Kysely } from 'kysely';
import { type Database, type UserRow } from '../../db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

export interface NewUserInput {
  username: string;
  email: string;
  /** null: an account nobody can log into until a password is set through recovery. */
  password: string | null;
  admin?: boolean;
  realname?: string | null;
  affiliation?: string | null;
}

export async function createUser(db: Kysely<Database>, input: NewUserInput): Promise<UserRow> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
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
