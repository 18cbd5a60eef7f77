import { MissingKeysError, modelWrong } from '@dynaloop/scoring';
import { routes } from '@dynaloop/contract';
import { type FastifyRequest } from 'fastify';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { ownEndpointName } from '../../platform/compat.js';
import { loadVisibleTask } from '../tasks/policy.js';
import { presentExample } from './presenter.js';
import { authorizeExampleRead, contributorOf } from './policy.js';
import { findExampleWithContext } from './repo.js';
import { createExample, loadSubmission, taskConfigOf, updateExample } from './service.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

export function registerExampleRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.evaluateExample, async (request) => {
    const { task } = await loadVisibleTask(db, request.actor, request.body.tid);
    const config = taskConfigOf(task);
    try {
      return {
        success: 'ok' as const,
        model_wrong: modelWrong(
          config.model_wrong_metric,
          request.body.target,
          request.body.output,
        ),
      };
    } catch (err) {
      if (err instanceof MissingKeysError) throw errors.badRequest(err.message);
      throw err;
    }
  });

  app.serve(routes.createExample, async (request) => {
    const contributor = contributorOf(request, request.body.annotator_id);
    // The task, round, context and model in one query (404 for a task the caller cannot see).
    const body = {
      ...request.body,
      model_endpoint_name: ownEndpointName(request.body.model_endpoint_name),
    };
    const target = await loadSubmission(db, request.actor, body);
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw errors.badRequest('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
    }
    return createExample(db, contributor, target, body, key);
  });

  /** The author (user or crowd worker), task owners and admins may read an example. */
  const loadReadable = async (request: FastifyRequest, id: number, annotatorId?: string) => {
    const row = await findExampleWithContext(db, id);
    if (!row) throw errors.notFound('Example');
    await authorizeExampleRead(db, request.actor, row, annotatorId);
    return row;
  };

  app.serve(routes.example, async (request) => {
    const row = await loadReadable(request, request.params.id);
    return presentExample(row, row, row.rid);
  });

  app.serve(
    routes.exampleMetadata,
    async (request) => (await loadReadable(request, request.params.id)).metadata_json,
  );

  app.serve(routes.updateExample, async (request) => {
    const contributor = contributorOf(request, request.body.annotator_id);
    const { annotator_id: _a, metadata_json: metadataJson, ...change } = request.body;
    if (metadataJson) change.metadata = { ...metadataJson, ...change.metadata };
    await db
      .transaction()
      .execute((trx) => updateExample(trx, request.params.id, contributor, change));
    const row = await loadReadable(request, request.params.id, request.body.annotator_id);
    return presentExample(row, row, row.rid);
  });
}
