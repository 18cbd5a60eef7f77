import { REFRESH_TOKEN_TTL_DAYS, routes } from '@dynaloop/contract';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type AppInstance } from '../../platform/app-types.js';
import { currentUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { LIMITS } from '../../platform/rate-limit.js';
import { isHttps } from '../../platform/security-headers.js';
import { presentPrivateUser } from '../users/presenter.js';
import { getUserName } from '../users/repo.js';
import {
  issueRefreshToken,
  listApiTokens,
  revokeApiToken,
  revokeRefreshFamily,
  revokeSession,
  rotateRefreshToken,
} from './repo.js';
import { createApiToken, initiateRecovery, login, register, resolveRecovery } from './service.js';

export const REFRESH_COOKIE = 'dynaloop_refresh';
const COOKIE_PATH = '/api/authenticate';

/**
 * The refresh cookie is SameSite=Strict; a browser sends it to another site's API only when it is
 * SameSite=None and Secure, so it is set that way only when other origins are configured
 * (CORS_ORIGINS, docs/compatibility.md).
 */
function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  crossSite: boolean,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: crossSite ? 'none' : 'strict',
    // Behind a TLS-terminating proxy the request is http, but the public URL says https.
    secure: crossSite || isHttps(request, request.server.deps.config.publicUrl),
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
}

function clearRefreshCookie(reply: FastifyReply, crossSite: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    ...(crossSite ? { sameSite: 'none' as const, secure: true } : {}),
  });
}

const clientMeta = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
});

export function registerAuthRoutes(app: AppInstance): void {
  const { deps } = app;
  const { db, tokens } = deps;
  const crossSite = deps.config.corsOrigins.length > 0;

  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: Parameters<typeof presentPrivateUser>[0],
  ) => {
    const session = await issueRefreshToken(db, user.id, clientMeta(request));
    setRefreshCookie(request, reply, session.token, crossSite);
    return { user: presentPrivateUser(user), token: await tokens.signUser(user, session.familyId) };
  };

  app.serve(routes.login, async (request, reply) => {
    const { email, password } = request.body;
    const user = await login(deps, email, password, request.ip);
    return startSession(request, reply, user);
  });

  app.serve(routes.register, async (request, reply) => {
    const user = await register(deps, request.body, request.ip);
    return startSession(request, reply, user);
  });

  app.serve(routes.refresh, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw errors.unauthorized('No active login: please log in');
    const outcome = await rotateRefreshToken(db, presented, clientMeta(request));
    if (!outcome.ok) {
      clearRefreshCookie(reply, crossSite);
      if (outcome.reason === 'reused') {
        request.log.warn({ reason: outcome.reason }, 'refresh token reused: login revoked');
        throw errors.unauthorized('This login was ended for your safety: please log in again');
      }
      throw errors.unauthorized('Your login has expired: please log in again');
    }
    const user = await getUserName(db, outcome.uid);
    setRefreshCookie(request, reply, outcome.token, crossSite);
    return { token: await tokens.signUser(user, outcome.familyId) };
  });

  app.serve(routes.logout, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await revokeRefreshFamily(db, presented);
    // The access token presented ends with its login, even without the cookie.
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = bearer ? await tokens.verify(bearer).catch(() => undefined) : undefined;
    if (claims?.scope === 'user' && claims.sid) await revokeSession(db, claims.id, claims.sid);
    clearRefreshCookie(reply, crossSite);
    return { success: 'ok' as const };
  });

  app.serve(routes.trialToken, async (request) => {
    await deps.rateLimiter.hit(LIMITS.trialPerIp, request.ip);
    return { token: await tokens.signTrial() };
  });

  app.serve(routes.recoverInitiate, async (request) => {
    const { email } = request.body;
    await deps.rateLimiter.hit(LIMITS.recoverPerIp, request.ip);
    await deps.rateLimiter.hit(LIMITS.recoverPerAccount, email);
    const origin = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
    // Answered before the work is done: the same answer, in the same time, for every email.
    void initiateRecovery(deps, email, origin.replace(/\/$/, '')).catch((err: unknown) =>
      request.log.error({ err }, 'password recovery failed'),
    );
    return { success: 'ok' as const };
  });

  app.serve(routes.recoverResolve, async (request) => {
    const { token } = request.params;
    const { email, password } = request.body;
    await resolveRecovery(deps, token, email, password, request.ip);
    return { success: 'ok' as const };
  });

  app.serve(routes.generateApiToken, async (request) => {
    const created = await createApiToken(deps, currentUser(request).id);
    return {
      id: created.id,
      api_token: created.token,
      created_at: created.created_at.toISOString(),
    };
  });

  app.serve(routes.listApiTokens, async (request) => {
    const rows = await listApiTokens(db, currentUser(request).id);
    return {
      count: rows.length,
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        prefix: r.token_prefix,
        created_at: r.created_at.toISOString(),
        last_used_at: r.last_used_at?.toISOString() ?? null,
      })),
    };
  });

  app.serve(routes.revokeApiToken, async (request) => {
    const { id } = request.params;
    if (!(await revokeApiToken(db, currentUser(request).id, id)))
      throw errors.notFound('API token');
    return { success: 'ok' as const };
  });
}
