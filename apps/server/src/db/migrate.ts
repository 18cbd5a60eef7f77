import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

const MIGRATION_TABLE = 'kysely_migration';

export class DatabaseNewerThanCodeError extends Error {}

/**
 * Runs every pending migration, forward only. Refuses when the database carries migrations
 * this code does not know: it was written by a newer version, and running older code on it
 * could corrupt data.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const known = new Set(Object.keys(migrations));
  const { rows } = await sql<{ exists: boolean }>`
    SELECT to_regclass(${MIGRATION_TABLE}) IS NOT NULL AS exists`.execute(db);
  if (rows[0]?.exists) {
    const applied = await sql<{
      name: string;
    }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)}`.execute(db);
    const unknown = applied.rows.map((r) => r.name).filter((n) => !known.has(n));
    if (unknown.length > 0) {
      throw new DatabaseNewerThanCodeError(
        `The database was migrated by a newer version of the platform (unknown migrations: ${unknown.join(', ')}). ` +
          'Start the newer version, or point DATABASE_URL at another database.',
      );
    }
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
