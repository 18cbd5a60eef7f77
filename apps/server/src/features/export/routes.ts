import { Readable } from 'node:stream';
import { type ExportQuery, routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { type Db } from '../../db/database.js';
import { type RoundRow, type TaskRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { findRound } from '../rounds/repo.js';
import { exportEnvelope, exportExamples, exportHead, taskRounds } from './service.js';

/**
 * The body of an export: by default the envelope with each round's agreement figures (computed
 * here, before the answer starts); with ?format=examples the bare array of the original export.
 */
async function exportBody(
  db: Db,
  task: TaskRow,
  rounds: RoundRow[],
  query: ExportQuery,
): Promise<Readable> {
  if (query.format === 'examples') return Readable.from(exportExamples(db, rounds));
  const head = await exportHead(db, task, rounds);
  return Readable.from(exportEnvelope(db, head, rounds));
}

export function registerExportRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.exportTask, async (request, reply) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const body = await exportBody(db, task, await taskRounds(db, task.id), request.query);
    return reply
      .type('application/json')
      .header('content-disposition', `attachment; filename="${task.task_code}-export.json"`)
      .send(body);
  });

  app.serve(routes.exportRound, async (request, reply) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    const round = await findRound(db, task.id, request.params.rid);
    if (!round) throw errors.notFound('Round');
    const body = await exportBody(db, task, [round], request.query);
    return reply
      .type('application/json')
      .header(
        'content-disposition',
        `attachment; filename="${task.task_code}-round-${request.params.rid}-export.json"`,
      )
      .send(body);
  });
}
