import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';

export function registerNotificationRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.notifications, async (request) => {
    const uid = currentUser(request).id;
    const { limit, offset } = request.query;
    const total = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('uid', '=', uid)
      .executeTakeFirst();
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'type', 'message', 'created', 'seen'])
      .where('uid', '=', uid)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset * limit)
      .execute();
    return {
      count: Number(total?.n ?? 0),
      data: rows.map((r) => ({ ...r, created: r.created.toISOString() })),
    };
  });

  app.serve(routes.notificationsSeen, async (request) => {
    const uid = currentUser(request).id;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notifications')
        .set({ seen: true })
        .where('uid', '=', uid)
        .where('seen', '=', false)
        .execute();
      await trx
        .updateTable('users')
        .set({ unseen_notifications: 0 })
        .where('id', '=', uid)
        .execute();
    });
    return { success: 'ok' as const };
  });
}
