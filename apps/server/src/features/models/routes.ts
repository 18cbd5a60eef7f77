import { routes } from '@dynaloop/contract';
import { sql } from 'kysely';
import { type AppInstance } from '../../app.js';
import { errors } from '../../platform/errors.js';
import { predictBuiltin } from './predict.js';

export function registerModelRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.modelPredict, async (request) => {
    const model = await db
      .selectFrom('models')
      .selectAll()
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!model) throw errors.notFound('Model');
    const task = await db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', model.tid)
      .executeTakeFirstOrThrow();
    const answer = predictBuiltin(task, model, request.body);
    // Interaction keeps a model from being taken down as inactive; at most one write a minute.
    await db
      .updateTable('models')
      .set({ last_interaction_at: new Date() })
      .where('id', '=', model.id)
      .where((eb) =>
        eb.or([
          eb('last_interaction_at', 'is', null),
          eb('last_interaction_at', '<', sql<Date>`now() - interval '1 minute'`),
        ]),
      )
      .execute();
    return answer;
  });
}
