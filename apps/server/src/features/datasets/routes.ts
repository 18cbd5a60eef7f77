import {
  DATASET_ACCESS_TYPES,
  DATASET_LOG_ACCESS_TYPES,
  parseTaskConfig,
  routes,
} from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { linesOf, uploadError } from '../../platform/jsonl.js';
import { receiveUpload, tooLarge } from '../../platform/uploads.js';
import { dispatchEvaluations, enqueueDatasetEvaluations } from '../evaluations/service.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { presentDataset } from './presenter.js';
import { deleteDataset, findDataset, listTaskDatasets, updateDataset } from './repo.js';
import { createDataset } from './service.js';

export function registerDatasetRoutes(app: AppInstance): void {
  const { db, storage, log } = app.deps;

  app.serve(routes.datasetAccessTypes, async () => [...DATASET_ACCESS_TYPES]);
  app.serve(routes.datasetLogAccessTypes, async () => [...DATASET_LOG_ACCESS_TYPES]);

  app.serve(routes.taskDatasets, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const rows = await listTaskDatasets(db, task.id);
    return rows.map(presentDataset);
  });

  const loadDataset = async (id: number) => {
    const row = await findDataset(db, id);
    if (!row) throw errors.notFound('Dataset');
    return row;
  };

  app.serve(routes.updateDataset, async (request) => {
    const dataset = await loadDataset(request.params.id);
    await loadAdministeredTask(db, request.actor, dataset.tid);
    const updated = await updateDataset(db, dataset.id, request.body);
    return presentDataset(updated);
  });

  app.serve(routes.deleteDataset, async (request) => {
    const dataset = await loadDataset(request.params.id);
    await loadAdministeredTask(db, request.actor, dataset.tid);
    await deleteDataset(db, dataset.id); // scores and jobs cascade
    if (dataset.blob_key) await storage.delete(dataset.blob_key);
    return { success: 'ok' as const };
  });

  app.serve(routes.createDataset, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok)
      throw errors.badRequest('Give the task a valid configuration before uploading datasets');
    if (!request.isMultipart())
      throw errors.unsupportedMediaType('Send the dataset as multipart/form-data (field "file")');
    const limit = app.deps.config.uploadLimits.dataset;
    const file = await receiveUpload(request, limit, 'The dataset file');
    if (!file) throw errors.badRequest('No file was uploaded (form field "file")');
    const lines = linesOf(file.file);
    // The new file is written before the transaction commits: remove it if the commit fails.
    let writtenKey: string | null = null;
    let result;
    try {
      result = await db.transaction().execute(async (trx) => {
        // New datasets are hidden until the owner decides how they count (as the original API).
        const row = await createDataset(
          trx,
          storage,
          {
            tid: task.id,
            taskCode: task.task_code,
            name: request.params.name,
            config: parsed.config,
            accessType: 'hidden',
          },
          lines,
        );
        writtenKey = row.blob_key;
        if (file.file.truncated) throw tooLarge('The dataset file', limit);
        const queued = await enqueueDatasetEvaluations(trx, row.id);
        return { row, queued };
      });
    } catch (err) {
      file.file.resume();
      // A file cut at the limit may end mid-line: say why, not what the cut broke.
      if (writtenKey) await storage.delete(writtenKey).catch(() => undefined);
      uploadError(file.file.truncated ? tooLarge('The dataset file', limit) : err);
    }
    if (result.row.replacedBlobKey)
      await storage.delete(result.row.replacedBlobKey).catch(() => undefined);
    await dispatchEvaluations(app.deps.queue, db, result.queued, log);
    return {
      success: 'ok' as const,
      dataset: presentDataset(result.row),
      updated_existing_dataset: result.row.updatedExisting,
      evaluations_queued: result.queued.length,
    };
  });
}
