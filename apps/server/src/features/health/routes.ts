import { routes, type HealthStatus } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { databaseReachable } from './repo.js';

export function registerHealthRoutes(app: AppInstance): void {
  const { db, version } = app.deps;
  app.serve(routes.health, async (_request, reply) => {
    const reachable = await databaseReachable(db);
    const body: HealthStatus = {
      status: reachable ? 'ok' : 'unavailable',
      database: reachable ? 'reachable' : 'unreachable',
      version,
      uptime_seconds: Math.round(process.uptime()),
    };
    return reply.status(reachable ? 200 : 503).send(body);
  });
}
