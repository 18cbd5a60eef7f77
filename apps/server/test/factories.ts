import { randomBytes } from 'node:crypto';
import { type Insertable, type Selectable } from 'kysely';
import { type Db } from '../src/db/database.js';
import {
  type ContextsTable,
  type DatasetRow,
  type ExamplesTable,
  type ModelRow,
  type NewTask,
  type RoundRow,
  type TaskRow,
  type UserRow,
} from '../src/db/schema.js';
import { STARTER_CONFIG_YAML } from '../src/features/proposals/starter-config.js';
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

/**
 * A user and the task they own, configured with the starter configuration so that it can collect
 * (two rounds unless told): where most owner-side tests start.
 */
export async function makeOwnedTask(
  db: Db,
  options: { rounds?: number } = {},
): Promise<{ owner: UserRow; task: TaskRow; rounds: RoundRow[] }> {
  const owner = await makeUser(db);
  const { task, rounds } = await makeTask(
    db,
    { config_yaml: STARTER_CONFIG_YAML },
    { ownerIds: [owner.id], rounds: options.rounds ?? 2 },
  );
  return { owner, task, rounds };
}

export async function makeModel(
  db: Db,
  tid: number,
  uid: number | null,
  overrides: Partial<{
    name: string;
    is_published: boolean;
    is_anonymous: boolean;
    upload_datetime: Date;
  }> = {},
): Promise<ModelRow> {
  return db
    .insertInto('models')
    .values({
      tid,
      uid,
      name: overrides.name ?? unique('model'),
      secret: randomBytes(16).toString('hex'),
      is_published: overrides.is_published ?? true,
      is_anonymous: overrides.is_anonymous ?? false,
      ...(overrides.upload_datetime ? { upload_datetime: overrides.upload_datetime } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A leaderboard fork or snapshot of a user, with the name row that reserves its name. */
export async function makeLeaderboardView(
  db: Db,
  kind: 'fork' | 'snapshot',
  tid: number,
  uid: number,
  name = unique(kind),
): Promise<{ name: string }> {
  await db.insertInto('leaderboard_names').values({ tid, name, kind }).execute();
  if (kind === 'fork') {
    await db
      .insertInto('leaderboard_configurations')
      .values({ tid, uid, name, configuration_json: '{}', desc: `Fork ${name}` })
      .execute();
  } else {
    await db
      .insertInto('leaderboard_snapshots')
      .values({ tid, uid, name, data_json: '{}', desc: `Snapshot ${name}` })
      .execute();
  }
  return { name };
}

/** A multipart/form-data body (a "file" part and text fields), built by hand as a browser would. */
export function multipartBody(
  file: { filename: string; content: Buffer; contentType?: string } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dynaloop-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A dataset row of a task (no file unless blob_key is given). */
export async function makeDataset(
  db: Db,
  tid: number,
  overrides: Partial<{
    name: string;
    rid: number;
    access_type: 'scoring' | 'standard' | 'hidden';
    weight: number | null;
    blob_key: string | null;
    line_count: number;
  }> = {},
): Promise<DatasetRow> {
  return db
    .insertInto('datasets')
    .values({
      tid,
      name: overrides.name ?? unique('ds-'),
      rid: overrides.rid ?? 0,
      access_type: overrides.access_type ?? 'hidden',
      weight: overrides.weight ?? null,
      blob_key: overrides.blob_key ?? null,
      line_count: overrides.line_count ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A context of a round. */
export async function makeContext(
  db: Db,
  roundId: number,
  context: Record<string, unknown> = { context: unique('context ') },
  overrides: Partial<{ tag: string | null; metadata: Record<string, unknown> }> = {},
): Promise<Selectable<ContextsTable>> {
  return db
    .insertInto('contexts')
    .values({
      r_realid: roundId,
      context_json: JSON.stringify(context),
      tag: overrides.tag ?? null,
      metadata_json: JSON.stringify(overrides.metadata ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An example of a round on one of its contexts; its writer and counters come in `fields`. */
export async function makeExample(
  db: Db,
  round: { id: number; tid: number },
  cid: number,
  fields: Partial<Omit<Insertable<ExamplesTable>, 'tid' | 'r_realid' | 'cid'>> = {},
): Promise<Selectable<ExamplesTable>> {
  return db
    .insertInto('examples')
    .values({ tid: round.tid, r_realid: round.id, cid, input_json: '{}', ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}
