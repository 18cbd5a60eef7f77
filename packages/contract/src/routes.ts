import { type z } from 'zod';
import { endpoints } from './endpoints.js';
import { errorBody } from './errors.js';
import { healthStatus } from './health.js';
import { taskCardList } from './tasks.js';

/**
 * The route table: every /api call with its method, path (Fastify syntax, under /api),
 * request and response schemas. The server registers handlers against these entries and
 * a drift test checks that every entry is served; the SPA builds URLs from them.
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** Error answers (the common error body) this route documents besides 400 and 500. */
  errors?: number[];
  /** Non-200 answers with a body of their own. */
  otherResponses?: Record<number, z.ZodType>;
}

function route<const R extends RouteDef>(def: R): R {
  return def;
}

export const routes = {
  health: route({
    ...endpoints.health,
    summary: 'Liveness and database reachability',
    tags: ['platform'],
    response: healthStatus,
    otherResponses: { 503: healthStatus },
  }),
  activeTasksWithRoundInfo: route({
    ...endpoints.activeTasksWithRoundInfo,
    summary: 'Active, visible tasks with their current round, for the home page',
    tags: ['tasks'],
    response: taskCardList,
  }),
  tasks: route({
    ...endpoints.tasks,
    summary: 'All visible tasks, each with its current round',
    tags: ['tasks'],
    response: taskCardList,
  }),
  submitableTasks: route({
    ...endpoints.submitableTasks,
    summary: 'Visible tasks that accept model submissions',
    tags: ['tasks'],
    response: taskCardList,
  }),
} as const;

export type RouteName = keyof typeof routes;
export const errorResponse = errorBody;
