import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask, loadVisibleTask } from '../tasks/policy.js';
import { presentRoundDetail } from '../tasks/presenter.js';
import { findRound, listRoundsWithContextCount } from './repo.js';
import { createNextRound } from './service.js';

export function registerRoundRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.taskRound, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    const round = await findRound(db, task.id, request.params.round);
    if (!round) throw errors.notFound('Round');
    return presentRoundDetail(round);
  });

  app.serve(routes.allRounds, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const rounds = await listRoundsWithContextCount(db, task.id);
    return rounds.map((r) => ({
      ...presentRoundDetail(r),
      context_count: Number(r.context_count ?? 0),
    }));
  });

  app.serve(routes.createRound, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return presentRoundDetail(await createNextRound(db, task.id, request.body));
  });
}
