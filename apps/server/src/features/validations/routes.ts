import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { errors } from '../../platform/errors.js';
import { presentExample } from '../examples/presenter.js';
import { assertCrowdTask, contributorOf } from '../examples/policy.js';
import { findExampleTask, findExampleWithContext } from '../examples/repo.js';
import { findRound } from '../rounds/repo.js';
import { loadAdministeredTask, loadVisibleTask, taskAccess, taskPolicy } from '../tasks/policy.js';
import { pickExampleForOwner, pickExampleToValidate, validateExample } from './service.js';

export function registerValidationRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.exampleToValidate, async (request) => {
    const contributor = contributorOf(request, request.query.annotator_id);
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    assertCrowdTask(contributor, task.id);
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
    const e = await findExampleTask(db, request.params.id);
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
    const row = await findExampleWithContext(db, request.params.id);
    if (!row) throw errors.notFound('Example');
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
