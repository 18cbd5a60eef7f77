import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { loadAdministeredTask, loadVisibleTask } from '../tasks/policy.js';
import { withModelIdentifier } from './compat-routes.js';
import { listCurrentLoopModels, listTaskModels } from './repo.js';
import { setModelsInTheLoop } from './service.js';

export function registerModelsInTheLoopRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.modelsInTheLoopPublic, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.id);
    const rows = await listCurrentLoopModels(db, task);
    return rows.map((m) => ({
      id: m.id,
      name: m.name,
      light_model: m.light_model!,
      endpoint_name: m.endpoint_name!,
    }));
  });

  app.serve(routes.updateModelsInTheLoop, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    await setModelsInTheLoop(
      db,
      task,
      request.params.rid,
      request.body.model_ids,
      request.body.longdesc,
    );
    return { success: 'ok' as const };
  });

  app.serve(routes.modelsInTheLoop, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return listTaskModels(db, task.id, { loopEligible: true });
  });

  app.serve(routes.modelIdentifiers, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return (await listTaskModels(db, task.id)).map(withModelIdentifier);
  });
}
