import { routes, type TaskProposal } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { LIMITS } from '../../platform/rate-limit.js';
import { proposalPolicy } from './policy.js';
import { listProposals } from './repo.js';
import { createProposal, processProposal } from './service.js';

export function registerProposalRoutes(app: AppInstance): void {
  const { db } = app.deps;

  const list = async (page: number, size: number, uid?: number) => {
    const { total, rows } = await listProposals(db, page, size, uid);
    const data: TaskProposal[] = rows.map((r) => ({
      id: r.id,
      uid: r.deleted_at ? null : r.uid,
      username: r.deleted_at ? null : r.username,
      name: r.name,
      task_code: r.task_code,
      desc: r.desc,
      longdesc: r.longdesc,
      status: r.status,
      changes: r.changes,
      created_at: r.created_at.toISOString(),
    }));
    return { count: Number(total?.n ?? 0), data };
  };

  app.serve(routes.userProposals, async (request) =>
    list(request.params.page, request.params.size, currentUser(request).id),
  );

  app.serve(routes.allProposals, async (request) => {
    if (!proposalPolicy.listAll(request.actor))
      throw errors.forbidden('Only admins can list every proposal');
    return list(request.params.page, request.params.size);
  });

  app.serve(routes.createProposal, async (request) => {
    const user = currentUser(request);
    await app.deps.rateLimiter.hit(LIMITS.proposalsPerUser, String(user.id));
    return createProposal(app.deps, user, request.body);
  });

  app.serve(routes.processProposal, async (request) => {
    if (!proposalPolicy.process(request.actor))
      throw errors.forbidden('Only admins can accept or reject proposals');
    await processProposal(
      app.deps,
      currentUser(request),
      request.params.id,
      request.body.accept,
      request.body.changes ?? null,
    );
    return { success: 'ok' as const };
  });
}
