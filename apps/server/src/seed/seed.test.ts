import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestContext } from '../../test/support.js';
import { verifyPassword } from '../platform/passwords.js';
import { ADMIN_EMAIL, seedDemoContent, type SeedResult } from './index.js';

describe('demo content', () => {
  let ctx: TestContext;
  let first: SeedResult;
  beforeAll(async () => {
    ctx = await createTestDatabase();
    first = await seedDemoContent(ctx.db, ctx.storage, ctx.config.dataFolder);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates every demo task', () => {
    expect(first.tasksCreated.sort()).toEqual(
      [
        'dataperf-coreset',
        'flores_full',
        'flores_small1',
        'flores_small2',
        'hs',
        'nli',
        'qa',
        'sentiment',
      ].sort(),
    );
  });

  it('creates an admin with a generated password that verifies, and no fixed default', async () => {
    expect(first.adminCredentials?.email).toBe(ADMIN_EMAIL);
    const password = first.adminCredentials!.password;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const admin = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(admin.admin).toBe(true);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password_hash, password)).toBe(true);
    expect(await verifyPassword(admin.password_hash, 'admin')).toBe(false);
    const demoUsers = await ctx.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where('admin', '=', false)
      .execute();
    expect(demoUsers.length).toBeGreaterThanOrEqual(3);
    for (const u of demoUsers) expect(u.password_hash).toBeNull();
  });

  it('gives each DADC task a config, two or more rounds with descriptions, contexts and datasets', async () => {
    for (const code of ['sentiment', 'nli', 'qa', 'hs']) {
      const task = await ctx.db
        .selectFrom('tasks')
        .selectAll()
        .where('task_code', '=', code)
        .executeTakeFirstOrThrow();
      expect(task.challenge_type).toBe(1);
      const config = YAML.parse(task.config_yaml) as Record<string, unknown>;
      expect(config).toHaveProperty('perf_metric');
      expect(config).toHaveProperty('input');
      const rounds = await ctx.db
        .selectFrom('rounds')
        .selectAll()
        .where('tid', '=', task.id)
        .orderBy('rid')
        .execute();
      expect(rounds.length).toBeGreaterThanOrEqual(2);
      expect(task.cur_round).toBe(rounds.at(-1)!.rid);
      for (const r of rounds) {
        expect(r.longdesc).toBeTruthy();
        const { n } = await ctx.db
          .selectFrom('contexts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('r_realid', '=', r.id)
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBeGreaterThanOrEqual(40);
      }
      const datasets = await ctx.db
        .selectFrom('datasets')
        .selectAll()
        .where('tid', '=', task.id)
        .execute();
      const scoring = datasets.find((d) => d.access_type === 'scoring')!;
      expect(scoring.line_count).toBeGreaterThanOrEqual(code === 'qa' ? 120 : 200);
      expect(datasets.some((d) => d.access_type === 'standard')).toBe(true);
      const lines = (await ctx.storage.get(scoring.blob_key!)).toString('utf8').trim().split('\n');
      expect(lines).toHaveLength(scoring.line_count);
      if (code === 'qa') {
        for (const l of lines) {
          const ex = JSON.parse(l) as { context: string; answer: string; answer_start: number };
          expect(ex.context.slice(ex.answer_start, ex.answer_start + ex.answer.length)).toBe(
            ex.answer,
          );
        }
      }
    }
  });

  it('builds translation tracks with enough directions, 40 pairs each, tagged source-target', async () => {
    const expected: Record<string, number> = { flores_full: 6, flores_small1: 2, flores_small2: 2 };
    for (const [code, minDirections] of Object.entries(expected)) {
      const task = await ctx.db
        .selectFrom('tasks')
        .selectAll()
        .where('task_code', '=', code)
        .executeTakeFirstOrThrow();
      expect(task.challenge_type).toBe(4);
      const dataset = await ctx.db
        .selectFrom('datasets')
        .selectAll()
        .where('tid', '=', task.id)
        .executeTakeFirstOrThrow();
      const lines = (await ctx.storage.get(dataset.blob_key!))
        .toString('utf8')
        .trim()
        .split('\n')
        .map(
          (l) =>
            JSON.parse(l) as { tags: string[]; sourceLanguage: string; targetLanguage: string },
        );
      const perDirection = new Map<string, number>();
      for (const l of lines) {
        expect(l.tags).toEqual([`${l.sourceLanguage}-${l.targetLanguage}`]);
        expect(l.tags[0]).toMatch(/^[a-z]{3}-[a-z]{3}$/);
        perDirection.set(l.tags[0]!, (perDirection.get(l.tags[0]!) ?? 0) + 1);
      }
      expect(perDirection.size).toBeGreaterThanOrEqual(minDirections);
      for (const count of perDirection.values()) expect(count).toBe(40);
    }
  });

  it('makes a Dataperf coreset task with a train_file_metric, a training pool and a test set', async () => {
    const task = await ctx.db
      .selectFrom('tasks')
      .selectAll()
      .where('challenge_type', '=', 2)
      .executeTakeFirstOrThrow();
    const config = YAML.parse(task.config_yaml) as { train_file_metric?: { type: string } };
    expect(config.train_file_metric?.type).toBe('dataperf');
    const pool = (await ctx.storage.get(`dataperf/${task.task_code}/train-pool.jsonl`))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(pool.length).toBe(1000);
    const example = JSON.parse(pool[0]!) as { features: number[]; labels: string[] };
    expect(example.features).toHaveLength(16);
    const test = await ctx.db
      .selectFrom('datasets')
      .selectAll()
      .where('tid', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(test.access_type).toBe('scoring');
    expect(test.line_count).toBe(300);
  });

  it('is idempotent: a second run creates nothing and shows no password', async () => {
    const countTasks = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const countContexts = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('contexts')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await countTasks(), await countContexts()];
    const second = await seedDemoContent(ctx.db, ctx.storage, ctx.config.dataFolder);
    expect(second.tasksCreated).toEqual([]);
    expect(second.adminCredentials).toBeUndefined();
    expect([await countTasks(), await countContexts()]).toEqual(before);
  });
});
