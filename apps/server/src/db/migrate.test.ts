import { type InsertObject, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestContext } from '../../test/support.js';
import {
  makeContext,
  makeDataset,
  makeExample,
  makeModel,
  makeTask,
  makeUser,
  unique,
} from '../../test/factories.js';
import { DatabaseNewerThanCodeError, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { type Database } from './schema.js';

describe('migrations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestDatabase();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('have applied every known migration, and a second run applies none', async () => {
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration ORDER BY name`.execute(ctx.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(ctx.db)).toEqual([]);
  });

  it('are named by timestamp, in order', () => {
    const names = Object.keys(migrations);
    for (const n of names) expect(n).toMatch(/^\d{8}_\d{6}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('refuse a database migrated by newer code', async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('29990101_000000_from_the_future', now())`.execute(
      ctx.db,
    );
    try {
      await expect(migrateToLatest(ctx.db)).rejects.toThrow(DatabaseNewerThanCodeError);
      await expect(migrateToLatest(ctx.db)).rejects.toThrow(/29990101_000000_from_the_future/);
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '29990101_000000_from_the_future'`.execute(
        ctx.db,
      );
    }
  });
});

describe('data model constraints', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestDatabase();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const pgCode = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code;
    }
  };

  /** Inserts one row: 'ok', or the SQLSTATE code PostgreSQL refused it with. */
  const insertOutcome = <T extends keyof Database & string>(
    table: T,
    row: InsertObject<Database, T>,
  ) => pgCode(ctx.db.insertInto(table).values(row).execute());

  it('task codes and names are unique regardless of case; codes need a letter', async () => {
    const code = unique('Code');
    await makeTask(ctx.db, { task_code: code });
    expect(await pgCode(makeTask(ctx.db, { task_code: code.toLowerCase() }))).toBe('23505');
    expect(await pgCode(makeTask(ctx.db, { task_code: '12345' }))).toBe('23514');
    expect(await pgCode(makeTask(ctx.db, { task_code: 'has space' }))).toBe('23514');
  });

  it('usernames and emails are unique regardless of case', async () => {
    const u = await makeUser(ctx.db);
    expect(await pgCode(makeUser(ctx.db, { username: u.username.toUpperCase() }))).toBe('23505');
    expect(await pgCode(makeUser(ctx.db, { email: u.email.toUpperCase() }))).toBe('23505');
  });

  it('a round number appears once per task and fooled never exceeds collected', async () => {
    const { task, rounds } = await makeTask(ctx.db, {}, { rounds: 2 });
    expect(await insertOutcome('rounds', { tid: task.id, rid: 2, secret: 's' })).toBe('23505');
    expect(
      await pgCode(
        ctx.db
          .updateTable('rounds')
          .set({ total_fooled: 5, total_collected: 3 })
          .where('id', '=', rounds[0]!.id)
          .execute(),
      ),
    ).toBe('23514');
  });

  it('a model has one score per dataset', async () => {
    const { task } = await makeTask(ctx.db);
    const model = await makeModel(ctx.db, task.id, null);
    const dataset = await makeDataset(ctx.db, task.id, { name: 'd-1' });
    await ctx.db.insertInto('scores').values({ mid: model.id, did: dataset.id, perf: 1 }).execute();
    expect(await insertOutcome('scores', { mid: model.id, did: dataset.id, perf: 2 })).toBe(
      '23505',
    );
    expect(await insertOutcome('datasets', { tid: task.id, name: 'bad name!' })).toBe('23514');
  });

  it('forks and snapshots share one name space per task, without reserved names', async () => {
    const { task } = await makeTask(ctx.db);
    const { task: other } = await makeTask(ctx.db);
    await ctx.db
      .insertInto('leaderboard_names')
      .values({ tid: task.id, name: 'mine', kind: 'fork' })
      .execute();
    await ctx.db
      .insertInto('leaderboard_configurations')
      .values({ tid: task.id, name: 'mine', configuration_json: '{}' })
      .execute();
    // The same name as a snapshot of the same task is refused; on another task it is fine.
    const snapshotName = { name: 'mine', kind: 'snapshot' } as const;
    expect(await insertOutcome('leaderboard_names', { tid: task.id, ...snapshotName })).toBe(
      '23505',
    );
    expect(await insertOutcome('leaderboard_names', { tid: other.id, ...snapshotName })).toBe('ok');
    // A snapshot row cannot exist without its name row of the right kind.
    expect(
      await insertOutcome('leaderboard_snapshots', { tid: task.id, name: 'mine', data_json: '{}' }),
    ).toBe('23503');
    expect(
      await insertOutcome('leaderboard_names', { tid: task.id, name: 'create', kind: 'fork' }),
    ).toBe('23514');
  });

  it('one validation per user and example in each mode', async () => {
    const { rounds } = await makeTask(ctx.db);
    const user = await makeUser(ctx.db);
    const validator = await makeUser(ctx.db);
    const context = await makeContext(ctx.db, rounds[0]!.id, { context: 'c' });
    const example = await makeExample(ctx.db, rounds[0]!, context.id, { uid: user.id });
    const vote = { eid: example.id, uid: validator.id, mode: 'user' } as const;
    await ctx.db
      .insertInto('validations')
      .values({ ...vote, label: 'correct' })
      .execute();
    expect(await insertOutcome('validations', { ...vote, label: 'incorrect' })).toBe('23505');
    expect(await insertOutcome('validations', { ...vote, label: 'sure' } as never)).toBe('23514');
  });

  it('a badge is held once, except per scope', async () => {
    const user = await makeUser(ctx.db);
    await ctx.db.insertInto('badges').values({ uid: user.id, name: 'FIRST_CREATED' }).execute();
    expect(await insertOutcome('badges', { uid: user.id, name: 'FIRST_CREATED' })).toBe('23505');
    await ctx.db
      .insertInto('badges')
      .values({ uid: user.id, name: 'SOTA', scope: 'model:1' })
      .execute();
    expect(await insertOutcome('badges', { uid: user.id, name: 'SOTA', scope: 'model:2' })).toBe(
      'ok',
    );
  });

  it('scores keep per-example predictions, one per model, dataset and example', async () => {
    const { task } = await makeTask(ctx.db);
    const model = await makeModel(ctx.db, task.id, null);
    const dataset = await makeDataset(ctx.db, task.id, { name: 'preds' });
    const row = {
      mid: model.id,
      did: dataset.id,
      example_uid: 'e1',
      prediction_json: '{"label":"positive"}',
      tags: ['negation'],
    };
    await ctx.db.insertInto('score_predictions').values(row).execute();
    expect(await insertOutcome('score_predictions', row)).toBe('23505');
  });
});
