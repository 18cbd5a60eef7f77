import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Database } from './schema.js';

// bigint (int8) and numeric stay strings unless converted; counts are safe as numbers here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 20): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'dynaloop',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

export class DatabaseUnreachableError extends Error {}

/** Connects once, with a clear message naming the target when that fails. */
export async function assertReachable(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  const target = describeTarget(connectionString);
  try {
    await client.connect();
    const res = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const versionNum = Number(res.rows[0]?.server_version_num ?? 0);
    if (versionNum < 150000) {
      throw new DatabaseUnreachableError(
        `PostgreSQL at ${target} is version ${Math.floor(versionNum / 10000)}; version 15 or newer is required.`,
      );
    }
    return target;
  } catch (err) {
    if (err instanceof DatabaseUnreachableError) throw err;
    throw new DatabaseUnreachableError(
      `Cannot reach the database at ${target}: ${(err as Error).message}. ` +
        'Check DATABASE_URL, or unset it to use the embedded database.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** host:port/db without credentials, for messages and logs. */
export function describeTarget(connectionString: string): string {
  try {
    const u = new URL(connectionString);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
