import { parseTaskConfig, routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { linesOf, uploadError } from '../../platform/jsonl.js';
import { receiveUpload, tooLarge } from '../../platform/uploads.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { findRound } from '../rounds/repo.js';
import { pickContext } from './picker.js';
import { addContextsToRound } from './service.js';
import { loadVisibleTask } from '../tasks/policy.js';

export function registerContextRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.uploadContexts, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.task);
    const round = await findRound(db, task.id, request.params.round);
    if (!round) throw errors.notFound('Round');
    const parsed = parseTaskConfig(task.config_yaml);
    if (!parsed.ok)
      throw errors.badRequest('Give the task a valid configuration before uploading contexts');
    if (!request.isMultipart())
      throw errors.unsupportedMediaType('Send the contexts as multipart/form-data (field "file")');
    const limit = app.deps.config.uploadLimits.contexts;
    const file = await receiveUpload(request, limit, 'The contexts file');
    if (!file) throw errors.badRequest('No file was uploaded (form field "file")');
    const lines = linesOf(file.file);
    try {
      const count = await db.transaction().execute(async (trx) => {
        const n = await addContextsToRound(trx, round.id, parsed.config, lines);
        if (file.file.truncated) throw tooLarge('The contexts file', limit);
        return n;
      });
      return { success: 'ok' as const, count };
    } catch (err) {
      file.file.resume();
      // A file cut at the limit may end mid-line: say why, not what the cut broke.
      return uploadError(file.file.truncated ? tooLarge('The contexts file', limit) : err);
    }
  });

  app.serve(routes.pickContext, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    const round = await findRound(db, task.id, request.params.round);
    if (!round) throw errors.notFound('Round');
    const tags = (request.query.tags ?? '')
      .split('|')
      .map((t) => t.trim())
      .filter(Boolean);
    const context = await pickContext(db, task, round.id, request.params.method, tags);
    if (!context) throw errors.notFound(`Context: no contexts available (${round.id})`);
    return {
      id: context.id,
      r_realid: context.r_realid,
      context: context.context_json,
      tag: context.tag,
      metadata: context.metadata_json,
      context_json: JSON.stringify(context.context_json),
      metadata_json: JSON.stringify(context.metadata_json),
    };
  });
}
