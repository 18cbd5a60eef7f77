import { routes } from '@dynaloop/contract';
import { sql } from 'kysely';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask, loadVisibleTask } from '../tasks/policy.js';
import { predictBuiltin } from './predict.js';
import { createRemoteModel, rotateRemoteModelSecret, updateRemoteModel } from './remote.js';

export function registerModelRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.modelPredict, async (request) => {
    const model = await db
      .selectFrom('models')
      .selectAll()
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!model) throw errors.notFound('Model');
    const task = await db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', model.tid)
      .executeTakeFirstOrThrow();
    const answer = predictBuiltin(task, model, request.body);
    // Interaction keeps a model from being taken down as inactive; at most one write a minute.
    await db
      .updateTable('models')
      .set({ last_interaction_at: new Date() })
      .where('id', '=', model.id)
      .where((eb) =>
        eb.or([
          eb('last_interaction_at', 'is', null),
          eb('last_interaction_at', '<', sql<Date>`now() - interval '1 minute'`),
        ]),
      )
      .execute();
    return answer;
  });

  app.serve(routes.modelsInTheLoopPublic, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.id);
    const rows = await db
      .selectFrom('round_models_in_the_loop as l')
      .innerJoin('rounds as r', 'r.id', 'l.r_realid')
      .innerJoin('models as m', 'm.id', 'l.mid')
      .select(['m.id', 'm.name', 'm.light_model', 'm.endpoint_name'])
      .where('r.tid', '=', task.id)
      .where('r.rid', '=', task.cur_round)
      .where('m.is_published', '=', true)
      .where('m.deployment_status', '=', 'deployed')
      .where('m.light_model', 'is not', null)
      .where('m.endpoint_name', 'is not', null)
      .orderBy('m.id')
      .execute();
    return rows.map((m) => ({
      id: m.id,
      name: m.name,
      light_model: m.light_model!,
      endpoint_name: m.endpoint_name!,
    }));
  });

  app.serve(routes.createRemoteModel, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const created = await createRemoteModel(db, task, currentUser(request).id, request.body);
    // The model is stored: a failed read of the origins must not turn that into an error.
    await app.remoteModelOrigins.refreshOrKeep();
    return created;
  });

  app.serve(routes.updateRemoteModel, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const model = await updateRemoteModel(db, task, request.params.mid, request.body);
    // The model is stored: a failed read of the origins must not turn that into an error.
    await app.remoteModelOrigins.refreshOrKeep();
    return model;
  });

  app.serve(routes.rotateRemoteModelSecret, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return rotateRemoteModelSecret(db, task, request.params.mid);
  });
}
