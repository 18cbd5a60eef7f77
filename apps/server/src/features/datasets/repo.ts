import { type Kysely, type Updateable } from 'kysely';
import { type Database, type DatasetRow, type DatasetsTable } from '../../db/schema.js';

/** The datasets of a task, oldest first. */
export async function listTaskDatasets(db: Kysely<Database>, tid: number): Promise<DatasetRow[]> {
  return db.selectFrom('datasets').selectAll().where('tid', '=', tid).orderBy('id').execute();
}

export async function findDataset(
  db: Kysely<Database>,
  id: number,
): Promise<DatasetRow | undefined> {
  return db.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a dataset's settings; updated_at moves to now. */
export async function updateDataset(
  db: Kysely<Database>,
  id: number,
  change: Updateable<DatasetsTable>,
): Promise<DatasetRow> {
  return db
    .updateTable('datasets')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a dataset; its scores and evaluation jobs go with it (foreign keys cascade). */
export async function deleteDataset(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('datasets').where('id', '=', id).execute();
}
