import { randomBytes } from 'node:crypto';
import {
  type RemoteModelBody,
  type RemoteModelUpdateBody,
  type TaskModel,
} from '@dynaloop/contract';
import { type Db } from '../../db/database.js';
import { type TaskRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { listTaskModels } from '../models-in-the-loop/repo.js';

/** 32 random bytes as hex: the key a model signs its answers with (docs/model-protocol.md). */
export const newModelSecret = () => randomBytes(32).toString('hex');

async function presentModel(db: Db, task: TaskRow, id: number): Promise<TaskModel> {
  const [model] = await listTaskModels(db, task.id, { id });
  if (!model) throw errors.notFound('Model');
  return model;
}

/**
 * Registers a model endpoint hosted elsewhere for a task: published and deployed, so that the
 * owner can put it in the loop of a round at once. Its secret is returned this once; the platform
 * keeps it only to check the signatures of the answers examples carry.
 */
export async function createRemoteModel(
  db: Db,
  task: TaskRow,
  ownerId: number,
  body: RemoteModelBody,
): Promise<{ model: TaskModel; secret: string }> {
  const secret = newModelSecret();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('models')
      .values({
        tid: task.id,
        uid: ownerId,
        name: body.name,
        desc: body.desc ?? null,
        longdesc: body.desc ?? null,
        kind: 'remote',
        is_published: true,
        deployment_status: 'deployed',
        light_model: body.endpoint_url,
        secret,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('models')
      .set({ endpoint_name: `remote-${String(row.id)}` })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  });
  return { model: await presentModel(db, task, id), secret };
}

async function loadRemoteModel(db: Db, task: TaskRow, mid: number) {
  const model = await db
    .selectFrom('models')
    .select(['id', 'kind'])
    .where('id', '=', mid)
    .where('tid', '=', task.id)
    .executeTakeFirst();
  if (!model) throw errors.notFound('Model');
  if (model.kind !== 'remote') {
    throw errors.badRequest('Only a remote model’s name, description and endpoint can be changed');
  }
  return model;
}

export async function updateRemoteModel(
  db: Db,
  task: TaskRow,
  mid: number,
  body: RemoteModelUpdateBody,
): Promise<TaskModel> {
  await loadRemoteModel(db, task, mid);
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.desc !== undefined ? { desc: body.desc, longdesc: body.desc } : {}),
    ...(body.endpoint_url !== undefined ? { light_model: body.endpoint_url } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await db.updateTable('models').set(changes).where('id', '=', mid).execute();
  }
  return presentModel(db, task, mid);
}

/** A new secret for a remote model: answers signed with the old one are refused from now on. */
export async function rotateRemoteModelSecret(
  db: Db,
  task: TaskRow,
  mid: number,
): Promise<{ secret: string }> {
  await loadRemoteModel(db, task, mid);
  const secret = newModelSecret();
  await db.updateTable('models').set({ secret }).where('id', '=', mid).execute();
  return { secret };
}
