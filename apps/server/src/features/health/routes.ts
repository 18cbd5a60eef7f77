import { routes, type HealthStatus } from '@dynaloop/contract';
import { sql } from 'kysely';
import { type AppInstance } from '../../platform/app-types.js';

export function registerHealthRoutes(app: AppInstance): void {
  const { db, version } = app.deps;
  app.serve(routes.health, async (_request, reply) => {
    let reachable = true;
    try {
      await sql`SELECT 1`.execute(db);
    } catch {
      reachable = false;
    }
    const body: HealthStatus = {
      status: reachable ? 'ok' : 'unavailable',
      database: reachable ? 'reachable' : 'unreachable',
      version,
      uptime_seconds: Math.round(process.uptime()),
    };
    return reply.status(reachable ? 200 : 503).send(body);
  });
}
