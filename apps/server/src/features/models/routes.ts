import { randomUUID } from 'node:crypto';
import { parseTaskConfig, routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { JsonlError, uploadError } from '../../platform/jsonl.js';
import { dispatchEvaluations, evaluationProgress, jobLogKey } from '../evaluations/service.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { findTask, getTask } from '../tasks/repo.js';
import { loadOwnModel, loadVisibleModel, modelPolicy } from './policy.js';
import { predictBuiltin } from './predict.js';
import { presentModelDetail } from './presenter.js';
import { createRemoteModel, rotateRemoteModelSecret, updateRemoteModel } from './remote.js';
import {
  datasetOfTask,
  datasetsOfTask,
  findModel,
  lockSubmissions,
  predictionFile,
  scoreOf,
  scoresOfModel,
  setModelFields,
  togglePublished,
  touchModelInteraction,
  usernameOf,
} from './repo.js';
import {
  assertSubmissionAllowed,
  createPredictionsModel,
  type StoredPredictions,
  storePredictionsFile,
} from './service.js';

/** A predictions file may be as large as a dataset. */
export const PREDICTIONS_MAX_BYTES = 1024 * 1024 * 1024;

export function registerModelRoutes(app: AppInstance): void {
  const { db, storage, log } = app.deps;

  app.serve(routes.modelDetails, async (request) => {
    const access = await loadVisibleModel(db, request.actor, request.params.id);
    const [username, datasets, scores, progress] = await Promise.all([
      usernameOf(db, access.model.uid),
      datasetsOfTask(db, access.model.tid),
      scoresOfModel(db, access.model.id),
      evaluationProgress(db, access.model.id, app.deps.config.evaluation.staleMs),
    ]);
    return presentModelDetail(access, username, datasets, scores, progress);
  });

  app.serve(routes.updateModel, async (request) => {
    const { model } = await loadOwnModel(db, request.actor, request.params.id);
    const b = request.body;
    await setModelFields(db, model.id, {
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.description !== undefined ? { desc: b.description, longdesc: b.description } : {}),
      ...(b.params !== undefined ? { params: b.params } : {}),
      ...(b.languages !== undefined ? { languages: b.languages } : {}),
      ...(b.license !== undefined ? { license: b.license } : {}),
      ...(b.source_url !== undefined ? { source_url: b.source_url } : {}),
      ...(b.model_card !== undefined ? { model_card: b.model_card } : {}),
      ...(b.is_anonymous !== undefined ? { is_anonymous: b.is_anonymous } : {}),
    });
    return { success: 'ok' as const };
  });

  app.serve(routes.revertModelStatus, async (request) => {
    const { model } = await loadOwnModel(db, request.actor, request.params.id);
    if (!model.is_published && model.name.trim() === '')
      throw errors.badRequest('Give the model a name before publishing it');
    const isPublished = await togglePublished(db, model.id);
    return { success: 'ok' as const, is_published: isPublished, badges: [] };
  });

  /** The log or predictions of a model on a dataset, for those the dataset's log access allows. */
  const loadDownload = async (
    request: { actor: Parameters<typeof loadVisibleModel>[1] },
    mid: number,
    did: number,
  ) => {
    const access = await loadVisibleModel(db, request.actor, mid);
    const dataset = await datasetOfTask(db, did, access.model.tid);
    if (!dataset) throw errors.notFound('Dataset');
    if (!modelPolicy.download(access, dataset.log_access_type))
      throw errors.forbidden(
        access.isOwner
          ? 'The logs and predictions of this dataset are only available to the task owners'
          : 'Only the owner of this model can download its logs and predictions',
      );
    return { access, dataset };
  };

  app.serve(routes.modelJobLog, async (request, reply) => {
    const { access, dataset } = await loadDownload(request, request.params.mid, request.params.did);
    const key = jobLogKey(access.model.id, dataset.id);
    if (!(await storage.exists(key))) throw errors.notFound('Evaluation log');
    return reply
      .type('text/plain; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="model-${access.model.id}-${dataset.name}.log"`,
      )
      .send(storage.stream(key));
  });

  app.serve(routes.modelPredictions, async (request, reply) => {
    const { access, dataset } = await loadDownload(request, request.params.mid, request.params.did);
    const key =
      (await predictionFile(db, access.model.id, dataset.id))?.blob_key ??
      (await scoreOf(db, access.model.id, dataset.id))?.raw_output_blob_key;
    if (!key || !(await storage.exists(key))) throw errors.notFound('Predictions');
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="model-${access.model.id}-${dataset.name}-predictions.jsonl"`,
      )
      .send(storage.stream(key));
  });

  app.serve(routes.uploadPredictions, async (request) => {
    const user = currentUser(request);
    const task = await findTask(db, request.params.task);
    if (!task || (task.hidden && !user.admin)) throw errors.notFound('Task');
    if (!task.has_predictions_upload)
      throw errors.forbidden('This task does not accept prediction files');
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok) throw errors.conflict('The task has no valid configuration');
    if (!request.isMultipart())
      throw errors.unsupportedMediaType(
        'Send the predictions as multipart/form-data, one file per dataset (field name = dataset name)',
      );
    // Refuse early when over the limit (checked again, under a lock, when storing).
    await db.transaction().execute(async (trx) => {
      await lockSubmissions(trx, user.id, task.id);
      await assertSubmissionAllowed(trx, user.id, task);
    });
    const datasets = await datasetsOfTask(db, task.id);
    const byName = new Map(datasets.map((d) => [d.name, d]));
    const stored: StoredPredictions[] = [];
    const cleanup = () =>
      Promise.all(stored.map((f) => storage.delete(f.blobKey).catch(() => undefined)));
    try {
      for await (const part of request.parts({
        limits: { fileSize: PREDICTIONS_MAX_BYTES, files: 100, fields: 0 },
      })) {
        if (part.type !== 'file') continue;
        const dataset = byName.get(part.fieldname);
        if (!dataset) {
          part.file.resume();
          throw errors.validation(`${part.fieldname} is not a dataset of this task`, [
            { path: part.fieldname, message: 'is not a dataset of this task' },
          ]);
        }
        if (stored.some((f) => f.dataset.id === dataset.id)) {
          part.file.resume();
          throw errors.validation(`Two files were sent for ${dataset.name}`, [
            { path: dataset.name, message: 'was sent twice' },
          ]);
        }
        const key = `predictions/${task.task_code}/uploads/${randomUUID()}-${dataset.name}.jsonl`;
        let file: StoredPredictions;
        try {
          file = await storePredictionsFile(storage, parsed.config, dataset, key, part.file);
        } catch (err) {
          part.file.resume();
          if (err instanceof JsonlError) {
            throw errors.validation(
              `${dataset.name}: ${err.message}`,
              err.problems.map((p) => ({
                path: `${dataset.name} line ${p.line}${p.field ? `.${p.field}` : ''}`,
                message: p.message,
              })),
            );
          }
          throw err;
        }
        stored.push(file);
        if (part.file.truncated)
          throw errors.payloadTooLarge(`The file for ${dataset.name} is larger than 1 GiB`);
      }
      const missing = datasets.filter(
        (d) => d.access_type === 'scoring' && !stored.some((f) => f.dataset.id === d.id),
      );
      if (missing.length)
        throw errors.validation(
          `Every scoring dataset needs a predictions file: ${missing.map((d) => d.name).join(', ')} missing`,
          missing.map((d) => ({ path: d.name, message: 'needs a predictions file' })),
        );
      if (stored.length === 0) throw errors.badRequest('No predictions file was uploaded');
      const { model, jobIds } = await createPredictionsModel(
        db,
        task,
        user.id,
        request.params.name,
        stored,
      );
      await dispatchEvaluations(app.deps.queue, db, jobIds, log);
      return { success: 'ok' as const, model_id: model.id, evaluations_queued: jobIds.length };
    } catch (err) {
      await cleanup();
      return uploadError(err);
    }
  });

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
