import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { getTask } from '../tasks/repo.js';
import { predictBuiltin } from './predict.js';
import { findModel, touchModelInteraction } from './repo.js';
import { createRemoteModel, rotateRemoteModelSecret, updateRemoteModel } from './remote.js';

export function registerModelRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.modelPredict, async (request) => {
    const model = await findModel(db, request.params.id);
    if (!model) throw errors.notFound('Model');
    const task = await getTask(db, model.tid);
    const answer = predictBuiltin(task, model, request.body);
    // Interaction keeps a model from being taken down as inactive; at most one write a minute.
    await touchModelInteraction(db, model.id);
    return answer;
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
