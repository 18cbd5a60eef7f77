import { parseTaskConfig, routes } from '@dynaloop/contract';
import { MissingKeysError, modelWrong } from '@dynaloop/scoring';
import { type AppInstance } from '../../app.js';
import { errors } from '../../platform/errors.js';
import { loadVisibleTask } from '../tasks/policy.js';

export function registerExampleRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.evaluateExample, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.body.tid);
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok) throw errors.badRequest('This task has no valid configuration yet');
    try {
      return {
        success: 'ok' as const,
        model_wrong: modelWrong(
          parsed.config.model_wrong_metric,
          request.body.target,
          request.body.output,
        ),
      };
    } catch (err) {
      if (err instanceof MissingKeysError) throw errors.badRequest(err.message);
      throw err;
    }
  });
}
