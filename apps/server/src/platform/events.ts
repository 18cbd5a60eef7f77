import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { type Database } from '../db/schema.js';
import { type Logger } from './logger.js';

/**
 * Status changes that open pages follow over server-sent events. Writers publish with
 * PostgreSQL NOTIFY inside their transaction (delivered only if it commits); every web process
 * LISTENs on one connection of its own and fans the events out to its subscribers, so an event
 * written by a worker on another machine reaches every page.
 */
export const MODEL_EVENTS_CHANNEL = 'dynaloop_model_events';

export interface ModelEvent {
  mid: number;
  did: number;
  status: string;
  at: string;
}

/** Publishes a model event when the caller's transaction commits. */
export async function publishModelEvent(
  trx: Kysely<Database>,
  event: Omit<ModelEvent, 'at'>,
): Promise<void> {
  const payload = JSON.stringify({ ...event, at: new Date().toISOString() });
  await sql`SELECT pg_notify(${MODEL_EVENTS_CHANNEL}, ${payload})`.execute(trx);
}

export class EventHub {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string | undefined,
    private readonly log: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  /** Calls `listener` with every event of model `mid` until the returned function is called. */
  async subscribeModel(mid: number, listener: (event: ModelEvent) => void): Promise<() => void> {
    const name = `model:${mid}`;
    this.emitter.on(name, listener);
    await this.ensureListening();
    return () => {
      this.emitter.off(name, listener);
    };
  }

  private ensureListening(): Promise<void> {
    if (this.client || this.stopped || !this.connectionString) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: 'dynaloop-events',
    });
    client.on('notification', (msg) => {
      if (msg.channel !== MODEL_EVENTS_CHANNEL || !msg.payload) return;
      try {
        const event = JSON.parse(msg.payload) as ModelEvent;
        this.emitter.emit(`model:${event.mid}`, event);
      } catch (err) {
        this.log.warn({ err }, 'unreadable model event');
      }
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event listener connection lost; reconnecting');
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.stopped) {
        this.retry = setTimeout(() => void this.ensureListening().catch(() => undefined), 1000);
        this.retry.unref();
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${MODEL_EVENTS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.emitter.removeAllListeners();
    await client?.end().catch(() => undefined);
  }
}
