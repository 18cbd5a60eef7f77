import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { listOwners } from './repo.js';
import { toggleOwner } from './service.js';

export function registerTaskOwnerRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.taskOwners, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return listOwners(db, task.id);
  });

  app.serve(routes.toggleOwner, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    await toggleOwner(db, task.id, request.params.username);
    return listOwners(db, task.id);
  });
}
