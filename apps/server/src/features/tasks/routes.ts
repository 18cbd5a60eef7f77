import { modelInput, parseTaskConfig, routes } from '@dynaloop/contract';
import { type FastifyRequest } from 'fastify';
import { type AppInstance } from '../../platform/app-types.js';
import { apiBaseUrl, isWrappedModelIo } from '../../platform/compat.js';
import { listTaskDatasets } from '../datasets/repo.js';
import { roundModelUrl } from '../models-in-the-loop/service.js';
import { findRound } from '../rounds/repo.js';
import { errors } from '../../platform/errors.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { loadAdministeredTask, loadVisibleTask, taskAccess, taskPolicy } from './policy.js';
import { presentTaskCard, presentTaskDetail } from './presenter.js';
import { findTask, listVisibleTasksWithRound, setCrowdTokenHash } from './repo.js';
import { activateTask, updateTaskSettings } from './service.js';

export function registerTaskRoutes(app: AppInstance): void {
  const { db } = app.deps;

  const detail = async (task: Parameters<typeof presentTaskDetail>[0], request: FastifyRequest) => {
    const [round, datasets] = await Promise.all([
      findRound(db, task.id, task.cur_round),
      listTaskDatasets(db, task.id),
    ]);
    const url = round
      ? await roundModelUrl(db, round.id, apiBaseUrl(request, app.deps.config))
      : null;
    return presentTaskDetail(task, round, datasets, url);
  };

  app.serve(routes.activeTasksWithRoundInfo, async () =>
    (await listVisibleTasksWithRound(db, { activeOnly: true })).map(presentTaskCard),
  );
  app.serve(routes.tasks, async () => (await listVisibleTasksWithRound(db)).map(presentTaskCard));
  app.serve(routes.submitableTasks, async () =>
    (await listVisibleTasksWithRound(db, { submitableOnly: true })).map(presentTaskCard),
  );

  app.serve(routes.task, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    return detail(task, request);
  });

  app.serve(routes.adminOrOwner, async (request) => {
    const task = await findTask(db, request.params.id);
    if (!task) throw errors.notFound('Task');
    return { admin_or_owner: taskPolicy.administer(await taskAccess(db, request.actor, task)) };
  });

  app.serve(routes.updateTask, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return detail(await updateTaskSettings(db, task, request.body), request);
  });

  app.serve(routes.activateTask, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return detail(await activateTask(db, task, request.body.config_yaml), request);
  });

  app.serve(routes.convertToModelIo, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok) throw errors.badRequest('This task has no valid configuration yet');
    // The model reads its inputs without the targets it must predict, plus the context.
    const body: Record<string, unknown> = request.body;
    const wrapped = isWrappedModelIo(body);
    const data = modelInput(parsed.config, {}, wrapped ? body.data : body);
    return wrapped ? { data } : data;
  });

  app.serve(routes.issueCrowdCredential, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const token = `dlc_${randomToken()}`;
    await setCrowdTokenHash(db, task.id, sha256(token));
    return { crowd_token: token };
  });

  app.serve(routes.revokeCrowdCredential, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    await setCrowdTokenHash(db, task.id, null);
    return { success: 'ok' as const };
  });
}
