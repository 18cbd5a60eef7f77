import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../app.js';
import { presentTaskCard } from './presenter.js';
import { listVisibleTasksWithRound } from './repo.js';

export function registerTaskRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.activeTasksWithRoundInfo, async () =>
    (await listVisibleTasksWithRound(db, { activeOnly: true })).map(presentTaskCard),
  );

  app.serve(routes.tasks, async () => (await listVisibleTasksWithRound(db)).map(presentTaskCard));

  app.serve(routes.submitableTasks, async () =>
    (await listVisibleTasksWithRound(db, { submitableOnly: true })).map(presentTaskCard),
  );
}
