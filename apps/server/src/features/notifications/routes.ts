import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';
import { listNotifications, markAllSeen } from './repo.js';

export function registerNotificationRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.serve(routes.notifications, async (request) => {
    const uid = currentUser(request).id;
    const { count, rows } = await listNotifications(db, uid, request.query);
    return {
      count,
      data: rows.map((r) => ({ ...r, created: r.created.toISOString() })),
    };
  });

  app.serve(routes.notificationsSeen, async (request) => {
    const uid = currentUser(request).id;
    await markAllSeen(db, uid);
    return { success: 'ok' as const };
  });
}
