import { parseTaskConfig, routes } from '@dynaloop/contract';
import { type FastifyRequest } from 'fastify';
import { type AppInstance } from '../../platform/app-types.js';
import { apiBaseUrl, isWrappedModelIo, roundModelUrl } from '../models/compat-endpoints.js';
import { modelInputFields } from '../models/predict.js';
import { errors } from '../../platform/errors.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import {
  activateTask,
  createNextRound,
  listOwners,
  listTaskModels,
  setModelsInTheLoop,
  taskTrends,
  toggleOwner,
  updateTaskSettings,
} from './admin-service.js';
import { withModelIdentifier } from './compat-routes.js';
import { loadAdministeredTask, loadVisibleTask, taskAccess, taskPolicy } from './policy.js';
import { presentRoundDetail, presentTaskCard, presentTaskDetail } from './presenter.js';
import { findRound, findTask, listVisibleTasksWithRound } from './repo.js';

export function registerTaskRoutes(app: AppInstance): void {
  const { db } = app.deps;

  const detail = async (task: Parameters<typeof presentTaskDetail>[0], request: FastifyRequest) => {
    const [round, datasets] = await Promise.all([
      findRound(db, task.id, task.cur_round),
      db.selectFrom('datasets').selectAll().where('tid', '=', task.id).execute(),
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

  app.serve(routes.taskRound, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    const round = await findRound(db, task.id, request.params.round);
    if (!round) throw errors.notFound('Round');
    return presentRoundDetail(round);
  });

  app.serve(routes.taskTrends, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.id);
    return taskTrends(db, task);
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

  app.serve(routes.taskOwners, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return listOwners(db, task.id);
  });

  app.serve(routes.toggleOwner, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    await toggleOwner(db, task.id, request.params.username);
    return listOwners(db, task.id);
  });

  app.serve(routes.allRounds, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const rounds = await db
      .selectFrom('rounds as r')
      .selectAll('r')
      .select((eb) =>
        eb
          .selectFrom('contexts as c')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('c.r_realid', '=', 'r.id')
          .as('context_count'),
      )
      .where('r.tid', '=', task.id)
      .orderBy('r.rid')
      .execute();
    return rounds.map((r) => ({
      ...presentRoundDetail(r),
      context_count: Number(r.context_count ?? 0),
    }));
  });

  app.serve(routes.createRound, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return presentRoundDetail(await createNextRound(db, task.id, request.body));
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

  app.serve(routes.convertToModelIo, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok) throw errors.badRequest('This task has no valid configuration yet');
    // The model reads its inputs without the targets it must predict, plus the context.
    const fields = modelInputFields(parsed.config);
    const body: Record<string, unknown> = request.body;
    const wrapped = isWrappedModelIo(body);
    const given = wrapped ? body.data : body;
    const data = Object.fromEntries(fields.filter((f) => f in given).map((f) => [f, given[f]]));
    return wrapped ? { data } : data;
  });

  app.serve(routes.issueCrowdCredential, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const token = `dlc_${randomToken()}`;
    await db
      .updateTable('tasks')
      .set({ crowd_token_hash: sha256(token) })
      .where('id', '=', task.id)
      .execute();
    return { crowd_token: token };
  });

  app.serve(routes.revokeCrowdCredential, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    await db
      .updateTable('tasks')
      .set({ crowd_token_hash: null })
      .where('id', '=', task.id)
      .execute();
    return { success: 'ok' as const };
  });
}
