import { Readable } from 'node:stream';
import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../app.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask } from '../tasks/policy.js';
import { findRound } from '../tasks/repo.js';
import { exportExamples } from './service.js';

export function registerExportRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.exportTask, async (request, reply) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    return reply
      .type('application/json')
      .header('content-disposition', `attachment; filename="${task.task_code}-export.json"`)
      .send(Readable.from(exportExamples(db, task.id)));
  });

  app.serve(routes.exportRound, async (request, reply) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.id);
    if (!(await findRound(db, task.id, request.params.rid))) throw errors.notFound('Round');
    return reply
      .type('application/json')
      .header(
        'content-disposition',
        `attachment; filename="${task.task_code}-round-${request.params.rid}-export.json"`,
      )
      .send(Readable.from(exportExamples(db, task.id, request.params.rid)));
  });
}
