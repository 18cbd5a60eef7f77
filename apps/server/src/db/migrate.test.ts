import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestContext } from '../../test/support.js';
import { makeTask, makeUser, unique } from '../../test/factories.js';
import { DatabaseNewerThanCodeError, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

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
    expect(
      await pgCode(
        ctx.db.insertInto('rounds').values({ tid: task.id, rid: 2, secret: 's' }).execute(),
      ),
    ).toBe('23505');
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
    const model = await ctx.db
      .insertInto('models')
      .values({ tid: task.id, name: 'm', secret: 's' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dataset = await ctx.db
      .insertInto('datasets')
      .values({ tid: task.id, name: 'd-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('scores').values({ mid: model.id, did: dataset.id, perf: 1 }).execute();
    expect(
      await pgCode(
        ctx.db.insertInto('scores').values({ mid: model.id, did: dataset.id, perf: 2 }).execute(),
      ),
    ).toBe('23505');
    expect(
      await pgCode(
        ctx.db.insertInto('datasets').values({ tid: task.id, name: 'bad name!' }).execute(),
      ),
    ).toBe('23514');
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
    expect(
      await pgCode(
        ctx.db
          .insertInto('leaderboard_names')
          .values({ tid: task.id, name: 'mine', kind: 'snapshot' })
          .execute(),
      ),
    ).toBe('23505');
    expect(
      await pgCode(
        ctx.db
          .insertInto('leaderboard_names')
          .values({ tid: other.id, name: 'mine', kind: 'snapshot' })
          .execute(),
      ),
    ).toBe('ok');
    // A snapshot row cannot exist without its name row of the right kind.
    expect(
      await pgCode(
        ctx.db
          .insertInto('leaderboard_snapshots')
          .values({ tid: task.id, name: 'mine', data_json: '{}' })
          .execute(),
      ),
    ).toBe('23503');
    expect(
      await pgCode(
        ctx.db
          .insertInto('leaderboard_names')
          .values({ tid: task.id, name: 'create', kind: 'fork' })
          .execute(),
      ),
    ).toBe('23514');
  });

  it('one validation per user and example in each mode', async () => {
    const { rounds, task } = await makeTask(ctx.db);
    const user = await makeUser(ctx.db);
    const validator = await makeUser(ctx.db);
    const context = await ctx.db
      .insertInto('contexts')
      .values({ r_realid: rounds[0]!.id, context_json: '{"context":"c"}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const example = await ctx.db
      .insertInto('examples')
      .values({
        cid: context.id,
        r_realid: rounds[0]!.id,
        tid: task.id,
        uid: user.id,
        input_json: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('validations')
      .values({ eid: example.id, uid: validator.id, label: 'correct', mode: 'user' })
      .execute();
    expect(
      await pgCode(
        ctx.db
          .insertInto('validations')
          .values({ eid: example.id, uid: validator.id, label: 'incorrect', mode: 'user' })
          .execute(),
      ),
    ).toBe('23505');
    expect(
      await pgCode(
        ctx.db
          .insertInto('validations')
          .values({ eid: example.id, uid: validator.id, label: 'sure', mode: 'user' } as never)
          .execute(),
      ),
    ).toBe('23514');
  });

  it('a badge is held once, except per scope', async () => {
    const user = await makeUser(ctx.db);
    await ctx.db.insertInto('badges').values({ uid: user.id, name: 'FIRST_CREATED' }).execute();
    expect(
      await pgCode(
        ctx.db.insertInto('badges').values({ uid: user.id, name: 'FIRST_CREATED' }).execute(),
      ),
    ).toBe('23505');
    await ctx.db
      .insertInto('badges')
      .values({ uid: user.id, name: 'SOTA', scope: 'model:1' })
      .execute();
    expect(
      await pgCode(
        ctx.db
          .insertInto('badges')
          .values({ uid: user.id, name: 'SOTA', scope: 'model:2' })
          .execute(),
      ),
    ).toBe('ok');
  });

  it('scores keep per-example predictions, one per model, dataset and example', async () => {
    const { task } = await makeTask(ctx.db);
    const model = await ctx.db
      .insertInto('models')
      .values({ tid: task.id, name: 'm', secret: 's' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dataset = await ctx.db
      .insertInto('datasets')
      .values({ tid: task.id, name: 'preds' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = {
      mid: model.id,
      did: dataset.id,
      example_uid: 'e1',
      prediction_json: '{"label":"positive"}',
      tags: ['negation'],
    };
    await ctx.db.insertInto('score_predictions').values(row).execute();
    expect(await pgCode(ctx.db.insertInto('score_predictions').values(row).execute())).toBe(
      '23505',
    );
  });
});
