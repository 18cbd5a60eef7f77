import { type Db } from '../../db/database.js';
import { type Logger } from '../../platform/logger.js';

/**
 * The origins of the remote model endpoints, for the page's Content-Security-Policy: the create
 * page calls a model in the loop directly from the browser (docs/model-protocol.md), and
 * `connect-src` must name exactly those origins, no wider. Read from the database at start, after
 * every change made through this server, and every minute (changes made through another
 * instance of a scaled-out deployment).
 */
export class RemoteModelOrigins {
  private origins = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly everyMs = 60_000,
  ) {}

  /** Space-separated origins (possibly empty), ready for a CSP source list. */
  sources(): string {
    return this.origins;
  }

  async refresh(): Promise<void> {
    const rows = await this.db
      .selectFrom('models')
      .select('light_model')
      .distinct()
      .where('kind', '=', 'remote')
      .where('light_model', 'is not', null)
      .execute();
    const origins = new Set<string>();
    for (const row of rows) {
      const origin = originOf(row.light_model!);
      if (origin) origins.add(origin);
    }
    this.origins = [...origins].sort().join(' ');
  }

  /** Like refresh(), but a failed read keeps the last list (and says so in the log). */
  async refreshOrKeep(): Promise<void> {
    try {
      await this.refresh();
    } catch (err) {
      this.log.warn({ err }, 'could not read the remote model origins');
    }
  }

  /** Reads the origins now and every minute. */
  async start(): Promise<void> {
    this.timer ??= setInterval(() => void this.refreshOrKeep(), this.everyMs);
    this.timer.unref();
    await this.refreshOrKeep();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The origin of an http(s) URL, or null (a CSP source must not carry anything else). */
export function originOf(endpoint: string): string | null {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Origins of remote model endpoints, allowed in the page's connect-src. */
    remoteModelOrigins: RemoteModelOrigins;
  }
}
