import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, unique } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/support.js';
import { createLogger } from '../platform/logger.js';
import { Queue } from '../platform/queue.js';
import { JOBS } from './index.js';

const mail = (to: string) => ({
  to,
  subject: 'A test mail',
  text: `Hello ${to}`,
  template: 'test',
});

class Rollback extends Error {}

describe('jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = (to: string) =>
    t.db
      .selectFrom('outbox_mails')
      .select(['to_address', 'body_text'])
      .where('to_address', '=', to);

  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('a job enqueued in a transaction that rolls back never runs; a committed one does', async () => {
    const dropped = `${unique('dropped')}@example.test`;
    const kept = `${unique('kept')}@example.test`;
    let droppedId: string | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        droppedId = await t.queue.enqueue(trx, 'mail.send', mail(dropped));
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    const keptId = await t.db
      .transaction()
      .execute((trx) => t.queue.enqueue(trx, 'mail.send', mail(kept)));
    expect(droppedId).toBeDefined();
    // Inside the transaction the job existed; with the rollback it is gone.
    expect(await t.queue.state('mail.send', droppedId!)).toBeUndefined();

    // The worker role, as a process of its own would run it.
    const worker = await Queue.start(t.databaseUrl, createLogger('silent'), { worker: true });
    try {
      await worker.work(JOBS, t.deps);
      await until('the committed job to complete', async () =>
        (await t.queue.state('mail.send', keptId)) === 'completed' ? true : undefined,
      );
    } finally {
      await worker.stop();
    }
    expect(await outbox(kept).execute()).toEqual([
      { to_address: kept, body_text: `Hello ${kept}` },
    ]);
    expect(await outbox(dropped).execute()).toEqual([]);
    expect(await t.runJobs()).toBe(0);
    expect(await outbox(dropped).execute()).toEqual([]);
  });

  it('a job enqueued in a transaction is not visible to workers before the commit', async () => {
    const to = `${unique('pending')}@example.test`;
    let ranInside = -1;
    const id = await t.db.transaction().execute(async (trx) => {
      const enqueued = await t.queue.enqueue(trx, 'mail.send', mail(to));
      ranInside = await t.runJobs();
      return enqueued;
    });
    expect(ranInside).toBe(0);
    expect(await outbox(to).execute()).toEqual([]);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await t.queue.state('mail.send', id)).toBe('completed');
    expect(await outbox(to).execute()).toHaveLength(1);
  });

  it('a payload the contract refuses is not enqueued', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job`.execute(
      t.db,
    );
    await expect(
      t.queue.enqueue(t.db, 'mail.send', { ...mail('someone@example.test'), subject: '' }),
    ).rejects.toThrow(/subject/);
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job`.execute(t.db);
    expect(after.rows).toEqual(before.rows);
  });

  it('the worker schedules tokens.prune every hour', async () => {
    const worker = await Queue.start(t.databaseUrl, createLogger('silent'), { worker: true });
    try {
      await worker.work(JOBS, t.deps);
    } finally {
      await worker.stop();
    }
    const schedules = await sql<{ name: string; cron: string; timezone: string }>`
      SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`.execute(t.db);
    expect(schedules.rows).toEqual([{ name: 'tokens.prune', cron: '17 * * * *', timezone: 'UTC' }]);
  });

  it('tokens.prune deletes expired and long-revoked refresh tokens, and keeps the others', async () => {
    const user = await makeUser(t.db);
    const hour = 3_600_000;
    const token = (name: string, values: { expires: number; revoked?: number; rotated?: number }) =>
      t.db
        .insertInto('refresh_tokens')
        .values({
          uid: user.id,
          token_hash: `${name}-${randomUUID()}`,
          family_id: randomUUID(),
          expires_at: new Date(Date.now() + values.expires),
          revoked_at: values.revoked === undefined ? null : new Date(Date.now() + values.revoked),
          rotated_at: values.rotated === undefined ? null : new Date(Date.now() + values.rotated),
        })
        .returning('token_hash')
        .executeTakeFirstOrThrow();
    const expired = await token('expired', { expires: -hour });
    const longRevoked = await token('long-revoked', { expires: 24 * hour, revoked: -25 * hour });
    const live = await token('live', { expires: 24 * hour });
    const justRevoked = await token('just-revoked', { expires: 24 * hour, revoked: -hour });
    const rotated = await token('rotated', { expires: 24 * hour, rotated: -2 * hour });

    await t.db.transaction().execute((trx) => t.queue.enqueue(trx, 'tokens.prune', {}));
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);

    const left = await t.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('uid', '=', user.id)
      .execute();
    expect(left.map((r) => r.token_hash).sort()).toEqual(
      [live, justRevoked, rotated].map((r) => r.token_hash).sort(),
    );
    expect(left.map((r) => r.token_hash)).not.toContain(expired.token_hash);
    expect(left.map((r) => r.token_hash)).not.toContain(longRevoked.token_hash);
  });
});
