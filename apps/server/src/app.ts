import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorBody as errorBodySchema, type RouteDef } from '@dynaloop/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAuthRoutes } from './features/auth/routes.js';
import { registerContextRoutes } from './features/contexts/routes.js';
import { registerDatasetRoutes } from './features/datasets/routes.js';
import { registerEvaluationRoutes } from './features/evaluations/routes.js';
import { registerExportRoutes } from './features/export/routes.js';
import { registerExampleRoutes } from './features/examples/routes.js';
import { registerModelsInTheLoopRoutes } from './features/models-in-the-loop/routes.js';
import { registerRoundRoutes } from './features/rounds/routes.js';
import { registerTaskOwnerRoutes } from './features/task-owners/routes.js';
import { registerValidationRoutes } from './features/validations/routes.js';
import { registerHealthRoutes } from './features/health/routes.js';
import { registerLeaderboardRoutes } from './features/leaderboards/routes.js';
import { RemoteModelOrigins } from './features/models/origins.js';
import { registerModelRoutes } from './features/models/routes.js';
import { registerNotificationRoutes } from './features/notifications/routes.js';
import { registerProposalRoutes } from './features/proposals/routes.js';
import { registerSettingsRoutes } from './features/settings/routes.js';
import { registerUserRoutes } from './features/users/routes.js';
import { registerModelsInTheLoopCompatRoutes } from './features/models-in-the-loop/compat-routes.js';
import { registerTaskRoutes } from './features/tasks/routes.js';
import { authenticate } from './platform/auth.js';
import {
  answerClientError,
  answerFrameworkError,
  errors,
  errorBody,
  registerErrorHandler,
} from './platform/errors.js';
import { refuseUnsafeStrings } from './platform/input-guard.js';
import {
  type AppDeps,
  type AppInstance,
  type RouteHandler,
  type RouteSchemaOptions,
} from './platform/app-types.js';
import { securityHeaders } from './platform/security-headers.js';
import { closeUnreadRequests } from './platform/uploads.js';

export type { AppDeps, AppInstance } from './platform/app-types.js';

export const API_PREFIX = '/api';

function makeRouteOptions(deps: AppDeps) {
  return (def: RouteDef): RouteSchemaOptions => {
    const response: Record<number, unknown> = {};
    if (def.response) response[200] = def.response;
    for (const status of [400, 500, ...(def.errors ?? [])]) response[status] = errorBodySchema;
    Object.assign(response, def.otherResponses ?? {});
    return {
      method: def.method,
      url: `${API_PREFIX}${def.path}`,
      onRequest: authenticate(def.auth, deps.db, deps.tokens),
      schema: {
        summary: def.summary,
        tags: def.tags,
        ...(def.auth !== 'none' ? { security: [{ bearer: [] }] } : {}),
        ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.querystring ? { querystring: def.querystring } : {}),
        ...(def.headers ? { headers: def.headers } : {}),
        ...(def.body ? { body: def.body } : {}),
        response,
      },
    };
  };
}

/** Builds the web application without listening: tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given)
        ? given
        : randomUUID();
    },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Every error answer, Fastify's own included, has the catalogue's shape (platform/errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>() as AppInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeOptions = makeRouteOptions(deps);
  app.decorate('deps', deps);
  app.decorate('routeOptions', routeOptions);
  app.decorate('serve', function serve<R extends RouteDef>(def: R, handler: RouteHandler<R>) {
    app.route({ ...routeOptions(def), handler: handler as never });
  });
  // Set by each contract route's onRequest hook (platform/auth.ts).
  app.decorateRequest('actor', null as never);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', securityHeaders(deps.config.publicUrl));
  app.addHook('onSend', closeUnreadRequests);
  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  // NUL and unpaired surrogates are refused in every parameter, query and body.
  app.addHook('preValidation', refuseUnsafeStrings);

  const remoteModelOrigins = new RemoteModelOrigins(deps.db, deps.log);
  app.decorate('remoteModelOrigins', remoteModelOrigins);
  app.addHook('onReady', () => remoteModelOrigins.start());
  app.addHook('onClose', async () => remoteModelOrigins.stop());
  app.addHook('onClose', async () => deps.events.stop());

  await app.register(fastifyHelmet, {
    // The SPA loads only its own bundles; Swagger UI needs inline styles. The create page calls
    // remote models in the loop directly: their origins, and only those, may be connected to.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", () => remoteModelOrigins.sources()],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    // A client served from a configured origin shows avatars served from here.
    ...(deps.config.corsOrigins.length > 0
      ? { crossOriginResourcePolicy: { policy: 'cross-origin' as const } }
      : {}),
  });
  if (deps.config.corsOrigins.length > 0) {
    // Clients served from other origins (docs/compatibility.md); credentials for the refresh cookie.
    await app.register(fastifyCors, {
      origin: deps.config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      exposedHeaders: ['x-request-id', 'retry-after'],
      maxAge: 600,
    });
  }
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    // Each upload route passes its own fileSize (config.uploadLimits, platform/uploads.ts).
    limits: {
      fileSize: deps.config.uploadLimits.avatar,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dynaloop API',
        description: 'Dynamic, human-in-the-loop benchmarking of AI models.',
        version: deps.version,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session access token (15 minutes), an API token, or a guest trial token',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  registerHealthRoutes(app);
  registerTaskRoutes(app);
  registerModelsInTheLoopCompatRoutes(app);
  registerRoundRoutes(app);
  registerTaskOwnerRoutes(app);
  registerModelsInTheLoopRoutes(app);
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerNotificationRoutes(app);
  registerProposalRoutes(app);
  registerSettingsRoutes(app);
  registerDatasetRoutes(app);
  registerContextRoutes(app);
  registerExportRoutes(app);
  registerModelRoutes(app);
  registerEvaluationRoutes(app);
  registerExampleRoutes(app);
  registerValidationRoutes(app);
  registerLeaderboardRoutes(app);

  await registerSpa(app, deps.config.webDist);
  return app;
}

/**
 * Clients written for the original API send `Content-Type: application/json` with no body on
 * calls that take none (logout, create round, …): such a body reads as `{}` instead of failing.
 * Every other body goes through Fastify's own parser (prototype-poisoning checks included).
 */
function acceptEmptyJsonBodies(app: AppInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
}

/** Serves the built SPA; every non-API GET that is not a file gets index.html. */
async function registerSpa(app: AppInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      setHeaders: (res, filePath) => {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)) {
      const err = errors.notFound(`Route ${request.method} ${url}`);
      return reply.status(404).send(errorBody(err, request.id));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const err = errors.notFound(`Route ${request.method} ${url}`);
      return reply.status(404).send(errorBody(err, request.id));
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, then start the server again.');
    }
    // Paths with a file extension are missing assets, not SPA routes.
    if (path.extname(url) !== '') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
