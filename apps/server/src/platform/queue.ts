import { JOB_NAMES, jobPayloads, type JobName, type JobPayload } from '@dynaloop/contract';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { type Database } from '../db/schema.js';
import { type Logger } from './logger.js';

/**
 * Background jobs in the same PostgreSQL (pg-boss 10, SKIP LOCKED). Each job's name and payload
 * schema live in the contract (packages/contract/src/jobs.ts), its handler in one file of jobs/.
 *
 * `enqueue(trx, …)` inside the transaction of the writes a job follows: pg-boss writes the job
 * row through that transaction's connection, so the job becomes visible to workers exactly when
 * the transaction commits, and disappears with it when it rolls back. `enqueue(db, …)` after
 * those writes committed. Never before: a worker could run a job for writes that roll back
 * (docs/decisions.md).
 */
export interface JobQueue {
  enqueue<N extends JobName>(
    db: Kysely<Database>,
    name: N,
    payload: JobPayload<N>,
  ): Promise<string>;
}

/** A job's handler: the payload arrives as stored and is checked against the contract first. */
export interface JobDefinition<D> {
  name: JobName;
  /** Cron expression (UTC) for periodic jobs, run by the worker role. */
  schedule?: string;
  handle(data: unknown, deps: D): Promise<void>;
}

export function defineJob<N extends JobName, D>(
  name: N,
  run: (payload: JobPayload<N>, deps: D) => Promise<void>,
  options: { schedule?: string } = {},
): JobDefinition<D> {
  return {
    name,
    ...options,
    handle: (data, deps) => run(jobPayloads[name].parse(data) as JobPayload<N>, deps),
  };
}

/** pg-boss's database interface over Kysely: inside a transaction, its SQL runs in it. */
function through(db: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** How often an idle worker looks for due jobs (pg-boss's default). */
const POLLING_INTERVAL_SECONDS = 2;

export class Queue implements JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly log: Logger,
  ) {}

  /**
   * Installs or updates pg-boss's tables and creates a queue for every job of the contract.
   * `worker` also runs pg-boss's maintenance and its scheduler (periodic jobs).
   */
  static async start(
    connectionString: string,
    log: Logger,
    options: { worker: boolean },
  ): Promise<Queue> {
    const boss = new PgBoss({
      connectionString,
      max: 4,
      application_name: 'dynaloop-jobs',
      supervise: options.worker,
      schedule: options.worker,
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    await boss.start();
    for (const name of JOB_NAMES) await boss.createQueue(name);
    return new Queue(boss, log);
  }

  async enqueue<N extends JobName>(
    db: Kysely<Database>,
    name: N,
    payload: JobPayload<N>,
  ): Promise<string> {
    const data = jobPayloads[name].parse(payload);
    const id = await this.boss.send(name, data, { db: through(db) });
    // send answers null only for singleton and throttled jobs, which are not used here.
    if (!id) throw new Error(`job ${name} was not enqueued`);
    return id;
  }

  /** The worker role: runs every job as it becomes due, and schedules the periodic ones. */
  async work<D>(jobs: ReadonlyArray<JobDefinition<D>>, deps: D): Promise<void> {
    for (const job of jobs) {
      await this.boss.work(
        job.name,
        { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 },
        async ([next]) => {
          if (next) await this.run(job, next, deps);
        },
      );
      if (job.schedule) await this.boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
      else await this.boss.unschedule(job.name);
    }
  }

  /**
   * Runs, in this process, every job that is due now, until none is left; answers how many ran.
   * The same handlers as the worker, without its polling delay (tests use it).
   */
  async runDue<D>(jobs: ReadonlyArray<JobDefinition<D>>, deps: D): Promise<number> {
    let ran = 0;
    for (;;) {
      let found = 0;
      for (const job of jobs) {
        for (const next of await this.boss.fetch<unknown>(job.name, { batchSize: 20 })) {
          found++;
          try {
            await this.run(job, next, deps);
            await this.boss.complete(job.name, next.id);
          } catch (err) {
            await this.boss.fail(job.name, next.id, { message: (err as Error).message });
          }
        }
      }
      if (!found) return ran;
      ran += found;
    }
  }

  /** A job's state as pg-boss keeps it (`created`, `active`, `completed`, `failed`…). */
  async state(name: JobName, id: string): Promise<PgBoss.JobWithMetadata['state'] | undefined> {
    return (await this.boss.getJobById(name, id))?.state;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  private async run<D>(job: JobDefinition<D>, next: PgBoss.Job<unknown>, deps: D): Promise<void> {
    try {
      await job.handle(next.data, deps);
    } catch (err) {
      this.log.error({ err, job: job.name, id: next.id }, 'job failed');
      throw err;
    }
  }
}
