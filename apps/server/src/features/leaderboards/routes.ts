import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask, loadVisibleTask } from '../tasks/policy.js';
import { findRound } from '../rounds/repo.js';
import { roundAgreement } from '../validations/service.js';
import { taskTrends } from './service.js';
import { userLeaderboard } from './users.js';

export function registerLeaderboardRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.userLeaderboard, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.id);
    return userLeaderboard(db, task.id, request.query);
  });

  app.serve(routes.roundUserLeaderboard, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.id);
    if (!(await findRound(db, task.id, request.params.rid))) throw errors.notFound('Round');
    return userLeaderboard(db, task.id, request.query, request.params.rid);
  });

  app.serve(routes.taskTrends, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.id);
    return taskTrends(db, task);
  });

  app.serve(routes.roundAgreement, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const round = await findRound(db, task.id, request.params.rid);
    if (!round) throw errors.notFound('Round');
    return roundAgreement(db, round);
  });
}
