import { type RouteDef } from '@dynaloop/contract';
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import { type Config } from '../config.js';
import { type Db } from '../db/database.js';
import { type EventHub } from './events.js';
import { type Logger } from './logger.js';
import { type Mailer } from './mail.js';
import { type JobQueue } from './queue.js';
import { type RateLimiter } from './rate-limit.js';
import { type BlobStorage } from './storage.js';
import { type AccessTokens } from './tokens.js';

/**
 * The types every feature's routes and services share with app.ts: what the app is built from,
 * the app instance, and contract-typed route handlers. They live here, not in app.ts, so that
 * features never import app.ts (which imports every feature).
 */

export interface AppDeps {
  config: Config;
  db: Db;
  log: Logger;
  storage: BlobStorage;
  /** Sends mail; used by the mail.send job. Request handlers enqueue that job instead. */
  mailer: Mailer;
  /** Enqueues background jobs inside a transaction or after it committed (queue.ts). */
  queue: JobQueue;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Status changes of models, across processes (LISTEN/NOTIFY). */
  events: EventHub;
  version: string;
}

export type RouteSchemaOptions = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'onRequest'>;

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;
type In<T> = T extends z.ZodType ? z.input<T> : unknown;

/** The request of a contract route, typed from its schemas. */
export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: Out<R['body']>;
  Params: Out<R['params']>;
  Querystring: Out<R['querystring']>;
}>;

export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<In<R['response']> | FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Method, URL, schemas and authentication of a contract route, ready for app.route(). */
    routeOptions(def: RouteDef): RouteSchemaOptions;
    /** Serves a contract route with a handler typed from its schemas. */
    serve<R extends RouteDef>(def: R, handler: RouteHandler<R>): void;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
