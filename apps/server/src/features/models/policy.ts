import { type Db } from '../../db/database.js';
import { type ModelRow, type TaskRow } from '../../db/schema.js';
import { type Actor } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { taskAccess } from '../tasks/policy.js';

export interface ModelAccess {
  model: ModelRow;
  task: TaskRow;
  /** The caller uploaded the model. */
  isOwner: boolean;
  /** The caller owns the model's task, or is an admin. */
  isTaskAdmin: boolean;
}

export const modelPolicy = {
  /** Unpublished models are seen only by their owner and the task's owners and admins. */
  view: (a: ModelAccess) => a.model.is_published || a.isOwner || a.isTaskAdmin,
  edit: (a: ModelAccess) => a.isOwner,
  /** Anonymous models hide who made them from everyone but the owner. */
  seeIdentity: (a: ModelAccess) => !a.model.is_anonymous || a.isOwner,
  /** Logs and predictions: the owner for datasets open to users; task owners and admins always. */
  download: (a: ModelAccess, logAccessType: 'owner' | 'user') =>
    a.isTaskAdmin || (a.isOwner && logAccessType === 'user'),
};

export async function modelAccess(db: Db, actor: Actor, model: ModelRow): Promise<ModelAccess> {
  const task = await db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', model.tid)
    .executeTakeFirstOrThrow();
  const access = await taskAccess(db, actor, task);
  return {
    model,
    task,
    isOwner: actor.kind === 'user' && model.uid === actor.user.id,
    isTaskAdmin: access.isOwner || access.isAdmin,
  };
}

/** A model the caller may see; a missing model and an unpublished one of others both 404. */
export async function loadVisibleModel(db: Db, actor: Actor, id: number): Promise<ModelAccess> {
  const model = await db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
  if (!model) throw errors.notFound('Model');
  const access = await modelAccess(db, actor, model);
  if (!modelPolicy.view(access)) throw errors.notFound('Model');
  return access;
}

/** A model the caller owns: 404 if not visible, 403 if visible but someone else's. */
export async function loadOwnModel(db: Db, actor: Actor, id: number): Promise<ModelAccess> {
  const access = await loadVisibleModel(db, actor, id);
  if (!modelPolicy.edit(access)) throw errors.forbidden('Only the owner of this model can do that');
  return access;
}
