import { randomBytes } from 'node:crypto';
import { type Db } from '../src/db/database.js';
import { type NewTask, type RoundRow, type TaskRow, type UserRow } from '../src/db/schema.js';
import { createTaskWithRounds } from '../src/features/tasks/service.js';
import { createUser } from '../src/features/users/service.js';

/** Unique suffixes: factories never rely on fixed ids or on other tests' data. */
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export async function makeUser(
  db: Db,
  overrides: Partial<{
    username: string;
    email: string;
    password: string | null;
    admin: boolean;
  }> = {},
): Promise<UserRow> {
  const username = overrides.username ?? unique('user');
  return createUser(db, {
    username,
    email: overrides.email ?? `${username}@example.test`,
    password: overrides.password === undefined ? null : overrides.password,
    admin: overrides.admin ?? false,
  });
}

export async function makeTask(
  db: Db,
  overrides: Partial<Omit<NewTask, 'cur_round'>> = {},
  options: { rounds?: number; ownerIds?: number[] } = {},
): Promise<{ task: TaskRow; rounds: RoundRow[] }> {
  const code = overrides.task_code ?? unique('task');
  return db.transaction().execute((trx) =>
    createTaskWithRounds(
      trx,
      {
        name: overrides.name ?? `Task ${code}`,
        desc: 'A task made by a test',
        challenge_type: 1,
        active: true,
        hidden: false,
        ...overrides,
        task_code: code,
      },
      Array.from({ length: options.rounds ?? 1 }, (_, i) => ({
        desc: `Round ${i + 1}`,
        longdesc: `Round ${i + 1} of ${code}`,
      })),
      options.ownerIds ?? [],
    ),
  );
}
