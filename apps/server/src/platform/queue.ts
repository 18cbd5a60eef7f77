import PgBoss from 'pg-boss';
import { type Logger } from './logger.js';

/**
 * Background jobs in the same PostgreSQL (pg-boss, SKIP LOCKED). Producers enqueue only after
 * their transaction committed; each job's name and payload schema live in the contract.
 */
export interface Queue {
  send(name: string, payload: object, options?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(name: string, handler: (payload: T) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(connectionString: string, log: Logger): Promise<Queue> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'dynaloop-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  return {
    async send(name, payload, options) {
      await ensureQueue(name);
      return boss.send(name, payload, options ?? {});
    },
    async work<T extends object>(name: string, handler: (payload: T) => Promise<void>) {
      await ensureQueue(name);
      await boss.work<T>(name, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
