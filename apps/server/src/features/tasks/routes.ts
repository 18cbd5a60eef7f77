import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../app.js';
import { presentTaskCard } from './presenter.js';
import { listVisibleTasksWithRound } from './repo.js';

export function registerTaskRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.route({
    ...app.routeOptions(routes.activeTasksWithRoundInfo),
    handler: async () =>
      (await listVisibleTasksWithRound(db, { activeOnly: true })).map(presentTaskCard),
  });

  app.route({
    ...app.routeOptions(routes.tasks),
    handler: async () => (await listVisibleTasksWithRound(db)).map(presentTaskCard),
  });

  app.route({
    ...app.routeOptions(routes.submitableTasks),
    handler: async () =>
      (await listVisibleTasksWithRound(db, { submitableOnly: true })).map(presentTaskCard),
  });
}
