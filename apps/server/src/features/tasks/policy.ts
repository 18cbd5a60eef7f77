import { type Db } from '../../db/database.js';
import { type TaskRow } from '../../db/schema.js';
import { type Actor } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { isTaskOwner } from '../task-owners/repo.js';
import { findTask } from './repo.js';

export interface TaskAccess {
  task: TaskRow;
  isOwner: boolean;
  isAdmin: boolean;
}

export const taskPolicy = {
  /** Hidden tasks are seen only by their owners and admins. */
  view: (a: TaskAccess) => !a.task.hidden || a.isOwner || a.isAdmin,
  administer: (a: TaskAccess) => a.isOwner || a.isAdmin,
};

export const NOT_OWNER_MESSAGE = 'Access denied (you are not an admin or owner of this task)';

export async function taskAccess(db: Db, actor: Actor, task: TaskRow): Promise<TaskAccess> {
  if (actor.kind !== 'user') return { task, isOwner: false, isAdmin: false };
  const isOwner = await isTaskOwner(db, task.id, actor.user.id);
  return { task, isOwner, isAdmin: actor.user.admin };
}

/** Loads a task the caller may see; a missing task and a hidden one both answer 404. */
export async function loadVisibleTask(
  db: Db,
  actor: Actor,
  idOrCode: string | number,
): Promise<{ task: TaskRow }> {
  const task = await findTask(db, idOrCode);
  if (!task) throw errors.notFound('Task');
  // Only a hidden task needs the caller's ownership to be shown (one query saved per request);
  // callers that need ownership ask taskAccess().
  if (task.hidden && !taskPolicy.view(await taskAccess(db, actor, task)))
    throw errors.notFound('Task');
  return { task };
}

/** Loads a task the caller administers (owner or admin): 404 if missing, 403 otherwise. */
export async function loadAdministeredTask(
  db: Db,
  actor: Actor,
  idOrCode: string | number,
): Promise<TaskAccess> {
  const task = await findTask(db, idOrCode);
  if (!task) throw errors.notFound('Task');
  const access = await taskAccess(db, actor, task);
  if (!taskPolicy.administer(access)) throw errors.forbidden(NOT_OWNER_MESSAGE);
  return access;
}
