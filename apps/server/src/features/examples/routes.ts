import { MissingKeysError, modelWrong } from '@dynaloop/scoring';
import { routes } from '@dynaloop/contract';
import { type FastifyRequest } from 'fastify';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { loadAdministeredTask, loadVisibleTask, taskAccess, taskPolicy } from '../tasks/policy.js';
import { findRound, findTask } from '../tasks/repo.js';
import {
  pickExampleForOwner,
  pickExampleToValidate,
  validateExample,
} from '../validations/service.js';
import { ownEndpointName } from '../models/compat-endpoints.js';
import { presentExample } from './presenter.js';
import { contributorOf } from './contributor.js';
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

  /** An example with its context and round number. */
  const loadExample = async (id: number) => {
    const row = await db
      .selectFrom('examples as e')
      .innerJoin('contexts as c', 'c.id', 'e.cid')
      .innerJoin('rounds as r', 'r.id', 'e.r_realid')
      .selectAll('e')
      .select(['c.context_json', 'r.rid'])
      .where('e.id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.notFound('Example');
    return row;
  };

  /** The author (user or crowd worker), task owners and admins may read an example. */
  const loadReadable = async (request: FastifyRequest, id: number, annotatorId?: string) => {
    const row = await loadExample(id);
    const { actor } = request;
    const isAuthor =
      actor.kind === 'user'
        ? row.uid === actor.user.id
        : actor.kind === 'crowd' &&
          row.tid === actor.tid &&
          row.annotator_id !== null &&
          row.annotator_id === annotatorId;
    if (!isAuthor) {
      const task = await findTask(db, row.tid);
      if (!task || !taskPolicy.administer(await taskAccess(db, actor, task))) {
        throw errors.forbidden('You can only read your own examples');
      }
    }
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

  app.serve(routes.exampleToValidate, async (request) => {
    const contributor = contributorOf(request, request.query.annotator_id);
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    if (contributor.kind === 'crowd' && contributor.tid !== task.id)
      throw errors.forbidden('This crowd credential belongs to another task');
    const round = await findRound(db, task.id, request.params.round);
    if (!round) throw errors.notFound('Round');
    const split = (s?: string) =>
      (s ?? '')
        .split('|')
        .map((t) => t.trim())
        .filter(Boolean);
    const example = await pickExampleToValidate(db, task, round.id, contributor, {
      tags: split(request.query.tags),
      contextTags: split(request.query.context_tags),
    });
    if (!example) throw errors.notFound('Example: no more examples to validate');
    return presentExample(example, example, round.rid);
  });

  app.serve(routes.validateExample, async (request) => {
    const contributor = contributorOf(request, request.body.annotator_id);
    const e = await db
      .selectFrom('examples')
      .select(['tid'])
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!e) throw errors.notFound('Example');
    const { task } = await loadVisibleTask(db, request.actor, e.tid);
    // Ownership matters only for owner-mode votes.
    const isOwnerOrAdmin =
      request.body.mode === 'owner' &&
      taskPolicy.administer(await taskAccess(db, request.actor, task));
    const { badges } = await validateExample(
      db,
      task,
      request.params.id,
      contributor,
      request.body,
      isOwnerOrAdmin,
    );
    // The validator sees the example they judged, with its new verdict.
    const row = await loadExample(request.params.id);
    return {
      ...presentExample(row, row, row.rid),
      badges: badges.length ? badges.join('|') : null,
    };
  });

  app.serve(routes.filteredExample, async (request) => {
    const { task } = await loadAdministeredTask(db, request.actor, request.params.task);
    const round = await findRound(db, task.id, request.params.round);
    if (!round) throw errors.notFound('Round');
    const example = await pickExampleForOwner(db, round.id, request.params);
    if (!example) throw errors.notFound('Example: no example matches these filters');
    return presentExample(example, example, round.rid);
  });
}
