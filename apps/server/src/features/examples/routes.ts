import { MissingKeysError, modelWrong } from '@dynaloop/scoring';
import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../app.js';
import { currentUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { loadVisibleTask, taskAccess, taskPolicy } from '../tasks/policy.js';
import { findTask } from '../tasks/repo.js';
import { pickExampleToValidate, validateExample } from '../validations/service.js';
import { presentExample } from './presenter.js';
import { createExample, taskConfigOf, updateExample } from './service.js';

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
    const user = currentUser(request);
    const { task } = await loadVisibleTask(db, request.actor, request.body.tid);
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw errors.badRequest('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
    }
    return createExample(db, user, task, request.body, key);
  });

  /** Loads an example with its context and round; the creator, task owners and admins may read it. */
  const loadReadable = async (
    request: Parameters<Parameters<typeof app.serve>[1]>[0],
    id: number,
  ) => {
    const row = await db
      .selectFrom('examples as e')
      .innerJoin('contexts as c', 'c.id', 'e.cid')
      .innerJoin('rounds as r', 'r.id', 'e.r_realid')
      .selectAll('e')
      .select(['c.context_json', 'r.rid'])
      .where('e.id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.notFound('Example');
    const user = currentUser(request);
    if (row.uid !== user.id) {
      const task = await findTask(db, row.tid);
      if (!task || !taskPolicy.administer(await taskAccess(db, request.actor, task)))
        throw errors.forbidden('You can only read your own examples');
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
    const user = currentUser(request);
    await db
      .transaction()
      .execute((trx) => updateExample(trx, request.params.id, user, request.body));
    const row = await loadReadable(request, request.params.id);
    return presentExample(row, row, row.rid);
  });

  app.serve(routes.exampleToValidate, async (request) => {
    const user = currentUser(request);
    const { task } = await loadVisibleTask(db, request.actor, request.params.task);
    const round = await db
      .selectFrom('rounds')
      .select(['id', 'rid'])
      .where('tid', '=', task.id)
      .where('rid', '=', request.params.round)
      .executeTakeFirst();
    if (!round) throw errors.notFound('Round');
    const split = (s?: string) =>
      (s ?? '')
        .split('|')
        .map((t) => t.trim())
        .filter(Boolean);
    const example = await pickExampleToValidate(db, task, round.id, user, {
      tags: split(request.query.tags),
      contextTags: split(request.query.context_tags),
    });
    if (!example) throw errors.notFound('Example: no more examples to validate');
    return presentExample(example, example, round.rid);
  });

  app.serve(routes.validateExample, async (request) => {
    const user = currentUser(request);
    const e = await db
      .selectFrom('examples')
      .select(['tid'])
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!e) throw errors.notFound('Example');
    const access = await loadVisibleTask(db, request.actor, e.tid);
    const { badges } = await validateExample(
      db,
      access.task,
      request.params.id,
      user,
      request.body,
      taskPolicy.administer(access),
    );
    const row = await loadReadable(request, request.params.id).catch(async () =>
      db
        .selectFrom('examples as e')
        .innerJoin('contexts as c', 'c.id', 'e.cid')
        .innerJoin('rounds as r', 'r.id', 'e.r_realid')
        .selectAll('e')
        .select(['c.context_json', 'r.rid'])
        .where('e.id', '=', request.params.id)
        .executeTakeFirstOrThrow(),
    );
    return {
      ...presentExample(row, row, row.rid),
      badges: badges.length ? badges.join('|') : null,
    };
  });
}
