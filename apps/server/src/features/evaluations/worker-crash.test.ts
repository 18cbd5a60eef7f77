import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { parseTaskConfig } from '@dynaloop/contract';
import { startServerProcess, stopLeftovers, type ServerProcess } from '../../../test/process.js';
import { createTestDatabase, type TestContext } from '../../../test/support.js';
import { createDataset } from '../datasets/service.js';
import { enqueueDatasetEvaluations } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestDatabase();
  await seedDemoContent(ctx.db, ctx.storage, ctx.config.dataFolder);
});
afterAll(async () => {
  await stopLeftovers();
  await ctx.close();
});

/** A worker-only server process on the test database, with fast heartbeats and sweeps. */
const worker = (): ServerProcess =>
  startServerProcess({
    ROLES: 'worker',
    DATABASE_URL: ctx.databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: ctx.tmpDir,
    SEED_DEMO: 'false',
    EVAL_HEARTBEAT_MS: '100',
    EVAL_STALE_MS: '1500',
    EVAL_SWEEP_MS: '200',
  });

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a worker killed in the middle of an evaluation', () => {
  it('is noticed by its missing heartbeat; the job is retried and written exactly once', async () => {
    // A large dataset, so that evaluating it takes a while.
    const task = await ctx.db
      .selectFrom('tasks')
      .selectAll()
      .where('task_code', '=', 'sentiment')
      .executeTakeFirstOrThrow();
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok) throw new Error('invalid demo config');
    const labels = ['negative', 'positive', 'neutral'];
    const lines = Array.from({ length: 60_000 }, (_, i) =>
      JSON.stringify({
        uid: `big-${i}`,
        statement: `I thought item ${i} was ${i % 2 ? 'great' : 'awful'}, honestly.`,
        label: labels[i % 3],
        tags: ['big'],
      }),
    );
    const dataset = await ctx.db.transaction().execute(async (trx) => {
      const row = await createDataset(
        trx,
        ctx.storage,
        {
          tid: task.id,
          taskCode: task.task_code,
          name: 'big-set',
          config: parsed.config,
          accessType: 'standard',
        },
        lines,
      );
      await enqueueDatasetEvaluations(trx, row.id);
      return row;
    });

    const first = worker();
    const pid = first.child.pid!;
    const running = await until('an evaluation of the large dataset', async () =>
      ctx.db
        .selectFrom('evaluation_jobs')
        .selectAll()
        .where('did', '=', dataset.id)
        .where('status', '=', 'evaluating')
        .where('worker_id', 'like', `%:${String(pid)}`)
        .executeTakeFirst(),
    );
    first.child.kill('SIGKILL');
    await first.exited;
    expect(
      (
        await ctx.db
          .selectFrom('scores')
          .select('id')
          .where('mid', '=', running.mid)
          .where('did', '=', dataset.id)
          .execute()
      ).length,
    ).toBe(0);

    const second = worker();
    const done = await until('the retried job to complete', async () => {
      const job = await ctx.db
        .selectFrom('evaluation_jobs')
        .selectAll()
        .where('id', '=', running.id)
        .executeTakeFirstOrThrow();
      return job.status === 'completed' ? job : undefined;
    });
    expect(done.attempts).toBe(2);
    expect(done.worker_id).toMatch(new RegExp(`:${String(second.child.pid)}$`));
    const scores = await ctx.db
      .selectFrom('scores')
      .selectAll()
      .where('mid', '=', running.mid)
      .where('did', '=', dataset.id)
      .execute();
    expect(scores).toHaveLength(1);
    const records = await ctx.db
      .selectFrom('evaluation_records')
      .select(['attempt'])
      .where('mid', '=', running.mid)
      .where('did', '=', dataset.id)
      .execute();
    expect(records).toEqual([{ attempt: 2 }]);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 240_000);
});
