import { type BuiltinModel } from '@dynaloop/models';
import { type Kysely } from 'kysely';
import { type Database, type ModelRow, type RoundRow } from '../../db/schema.js';
import { newModelSecret } from './remote.js';

/**
 * Registers a model the platform serves itself as a real model row: published, deployed, its
 * endpoint `/api/models/{id}/predict`, and in the loop of the given rounds.
 */
export async function registerBuiltinModel(
  trx: Kysely<Database>,
  tid: number,
  builtin: BuiltinModel,
  ownerId: number,
  rounds: RoundRow[],
): Promise<ModelRow> {
  const row = await trx
    .insertInto('models')
    .values({
      tid,
      uid: ownerId,
      name: builtin.name,
      desc: builtin.description,
      longdesc: builtin.description,
      kind: 'builtin',
      builtin_name: builtin.name,
      is_published: true,
      deployment_status: 'deployed',
      secret: newModelSecret(),
      license: 'Apache-2.0',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await trx
    .updateTable('models')
    .set({
      light_model: `/api/models/${row.id}/predict`,
      endpoint_name: `builtin-${row.id}-${builtin.name}`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (rounds.length) {
    await trx
      .insertInto('round_models_in_the_loop')
      .values(rounds.map((r) => ({ r_realid: r.id, mid: model.id })))
      .execute();
  }
  return model;
}
