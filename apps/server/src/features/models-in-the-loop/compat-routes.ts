import { routes, type TaskModel } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { listRoundNumbers } from '../rounds/repo.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { listTaskModels } from './repo.js';
import { setModelsInTheLoop } from './service.js';

/** model_id and model_name, the names the original owner console reads. */
export function withModelIdentifier<M extends TaskModel>(
  model: M,
): M & { model_id: number; model_name: string } {
  return { ...model, model_id: model.id, model_name: model.name };
}

/** Owner-console calls of the original API under their original names and shapes. */
export function registerModelsInTheLoopCompatRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.updateRound, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const { model_ids: modelIds, longdesc } = request.body;
    await setModelsInTheLoop(db, task, request.params.rid, modelIds, longdesc);
    return { success: 'ok' as const };
  });

  app.serve(routes.modelIdentifiersForTargetSelection, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const [rounds, models] = await Promise.all([
      listRoundNumbers(db, task.id),
      listTaskModels(db, task.id),
    ]);
    const eligible = (m: TaskModel) =>
      m.is_published && m.deployment_status === 'deployed' && m.light_model !== null;
    return Object.fromEntries(
      rounds.map(({ rid }) => [
        String(rid),
        models
          .filter((m) => eligible(m) || m.rounds_in_the_loop.includes(rid))
          .map((m) => ({
            model_id: m.id,
            model_name: m.name,
            deployment_status: m.deployment_status,
            is_published: m.is_published,
            is_target: m.rounds_in_the_loop.includes(rid),
          })),
      ]),
    );
  });
}
