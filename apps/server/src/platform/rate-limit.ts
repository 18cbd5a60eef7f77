import { sql } from 'kysely';
import { type Db } from '../db/database.js';
import { AppError } from './errors.js';

export interface Limit {
  /** What is limited, e.g. "login-ip". */
  name: string;
  max: number;
  windowSeconds: number;
  /** The sentence shown when the limit is hit. */
  message: string;
}

/**
 * Failed guesses of one secret (a password) from one source: free at first, then each one must
 * wait twice as long after the last (from `baseDelaySeconds` up to `maxDelaySeconds`), and once
 * `max` have failed the source is refused until the window ends.
 */
export interface GuessLimit extends Limit {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** Limits of the account flows (per IP and per account). See docs/security.md. */
export const LIMITS = {
  loginPerIp: {
    name: 'login-ip',
    max: 50,
    windowSeconds: 900,
    message: 'Too many login attempts from your network',
  },
  registerPerIp: {
    name: 'register-ip',
    max: 10,
    windowSeconds: 3600,
    message: 'Too many accounts created from your network',
  },
  recoverPerIp: {
    name: 'recover-ip',
    max: 20,
    windowSeconds: 3600,
    message: 'Too many password reset requests from your network',
  },
  recoverPerAccount: {
    name: 'recover-account',
    max: 5,
    windowSeconds: 3600,
    message: 'Too many password reset requests for this account',
  },
  proposalsPerUser: {
    name: 'proposal-user',
    max: 20,
    windowSeconds: 3600,
    message: 'Too many task proposals from your account',
  },
  trialPerIp: {
    name: 'trial-ip',
    max: 60,
    windowSeconds: 3600,
    message: 'Too many guest sessions from your network',
  },
} satisfies Record<string, Limit>;

/**
 * Failed logins are counted per account *and* source address: an attacker guessing from one
 * address is slowed down and then refused, while the owner, from another address, still gets
 * in (and a password reset clears every address's count for the account).
 */
export const LOGIN_GUESSES: GuessLimit = {
  name: 'login-account-ip',
  max: 10,
  windowSeconds: 900,
  freeFailures: 3,
  baseDelaySeconds: 1,
  maxDelaySeconds: 60,
  message: 'Too many failed login attempts for this account from your network',
};

/** The key of an account's guesses from one address. */
export const guessKey = (account: string, ip: string) => `${account.trim().toLowerCase()}|${ip}`;

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

function retryText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Fixed-window counters in PostgreSQL, so that the limit holds across every web process. `hit`
 * counts one attempt and throws once the window's budget is spent.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  private async increment(
    limit: Limit,
    key: string,
  ): Promise<{ count: number; retryAfter: number }> {
    const id = `${limit.name}:${key}`;
    const { rows } = await sql<{ count: number; retry_after: number }>`
      INSERT INTO rate_limit_counters AS c (key, window_start, count)
      VALUES (${id}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) THEN 1 ELSE c.count + 1 END,
        window_start = CASE WHEN c.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) THEN now() ELSE c.window_start END,
        last_hit_at = now()
      RETURNING count, ceil(extract(epoch FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int AS retry_after`.execute(
      this.db,
    );
    const row = rows[0]!;
    return { count: row.count, retryAfter: Math.max(1, row.retry_after) };
  }

  async hit(limit: Limit, key: string): Promise<void> {
    const { count, retryAfter } = await this.increment(limit, key.toLowerCase());
    if (count > limit.max) {
      throw new RateLimitedError(
        `${limit.message}. Please try again in ${retryText(retryAfter)}.`,
        retryAfter,
      );
    }
  }

  /** Throws when the budget is already spent, without counting (for "count failures only"). */
  async check(limit: Limit, key: string): Promise<void> {
    const row = await this.db
      .selectFrom('rate_limit_counters')
      .select([
        'count',
        sql<number>`ceil(extract(epoch FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int`.as(
          'retry_after',
        ),
      ])
      .where('key', '=', `${limit.name}:${key.toLowerCase()}`)
      .where(sql<boolean>`window_start > now() - make_interval(secs => ${limit.windowSeconds})`)
      .executeTakeFirst();
    if (row && row.count >= limit.max) {
      throw new RateLimitedError(
        `${limit.message}. Please try again in ${retryText(Math.max(1, row.retry_after))}.`,
        row.retry_after,
      );
    }
  }

  /**
   * Throws while a source must wait before its next guess (the delay after its last failure) or
   * has spent its budget of failures. Counts nothing: call `failGuess` when the guess fails.
   */
  async checkGuess(limit: GuessLimit, key: string): Promise<void> {
    const row = await this.db
      .selectFrom('rate_limit_counters')
      .select([
        'count',
        sql<number>`ceil(extract(epoch FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int`.as(
          'window_left',
        ),
        sql<number>`ceil(extract(epoch FROM (last_hit_at - now())))::int`.as('since_last'),
      ])
      .where('key', '=', `${limit.name}:${key.toLowerCase()}`)
      .where(sql<boolean>`window_start > now() - make_interval(secs => ${limit.windowSeconds})`)
      .executeTakeFirst();
    if (!row) return;
    if (row.count >= limit.max) {
      const wait = Math.max(1, row.window_left);
      throw new RateLimitedError(`${limit.message}. Please try again in ${retryText(wait)}.`, wait);
    }
    if (row.count < limit.freeFailures) return;
    const delay = Math.min(
      limit.maxDelaySeconds,
      limit.baseDelaySeconds * 2 ** (row.count - limit.freeFailures),
    );
    const wait = Math.min(delay + row.since_last, row.window_left);
    if (wait > 0) {
      throw new RateLimitedError(
        `${limit.message}: please wait ${retryText(wait)} before trying again.`,
        wait,
      );
    }
  }

  /** Counts a failed guess (never throws for the budget: checkGuess refuses the next one). */
  async failGuess(limit: GuessLimit, key: string): Promise<void> {
    await this.increment(limit, key.toLowerCase());
  }

  /** Forgets a source's failures (after a successful guess). */
  async clear(limit: Limit, key: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_counters')
      .where('key', '=', `${limit.name}:${key.toLowerCase()}`)
      .execute();
  }

  /** Forgets every counter of a limit whose key starts with `prefix` (all addresses of one account). */
  async clearPrefix(limit: Limit, prefix: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_counters')
      .where(sql<boolean>`starts_with(key, ${`${limit.name}:${prefix.toLowerCase()}`})`)
      .execute();
  }

  async clearExpired(): Promise<void> {
    await sql`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '1 day'`.execute(
      this.db,
    );
  }
}
