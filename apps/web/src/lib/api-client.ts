import {
  type RouteBody,
  type RouteHeaders,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { apiFetch, apiRequest } from './api';

/**
 * The one typed client of the API: a call names a route of the contract's table, and its path
 * parameters, query, body, headers and answer are typed from that route's schemas. Only the
 * zod-free method/path table ships to the browser; the answer is trusted as the server's
 * response schema serialised it (the server drops every undeclared field), not parsed again.
 */

/** A part the route declares is required (`params`, `body`); one it does not is forbidden. */
type Needed<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };
/** A part the route declares may be given (`query`, `headers`); one it does not is forbidden. */
type Allowed<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]?: T };

export type CallInput<N extends RouteName> = Needed<'params', RouteParams<N>> &
  Needed<'body', RouteBody<N>> &
  Allowed<'query', RouteQuery<N>> &
  Allowed<'headers', RouteHeaders<N>> & {
    signal?: AbortSignal;
    /**
     * Send the access token (renewed when about to expire). By default it is sent to routes that
     * need a login and not to public ones; routes where a login is optional say so per call.
     */
    auth?: boolean;
  };

/** The input argument may be left out when the route needs nothing. */
type CallArgs<N extends RouteName> =
  Partial<CallInput<N>> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  auth?: boolean;
}

const LOGIN_NEEDED = new Set(['user', 'user-or-crowd', 'user-or-trial']);

/** The path of a route under /api with its parameters and query filled in. */
export function routePath<N extends RouteName>(
  name: N,
  params?: Record<string, string | number>,
  query?: LooseInput['query'],
): string {
  const path = apiPath(endpoints[name].path, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString === '' ? path : `${path}?${queryString}`;
}

function requestOf(name: RouteName, input: LooseInput) {
  const endpoint = endpoints[name];
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.headers ?? {})) {
    if (value !== undefined) headers[key] = value;
  }
  return {
    path: routePath(name, input.params, input.query),
    options: {
      method: endpoint.method,
      body: input.body,
      headers,
      signal: input.signal,
      auth: input.auth ?? LOGIN_NEEDED.has(endpoint.auth),
    },
  };
}

/** Calls a route of the table and resolves with its answer; rejects with an ApiError. */
export function callApi<N extends RouteName>(
  name: N,
  ...[input]: CallArgs<N>
): Promise<RouteResponse<N>> {
  const { path, options } = requestOf(name, (input ?? {}) as LooseInput);
  return apiRequest<RouteResponse<N>>(path, options);
}

/** Calls a route that answers with a file (no JSON schema) and resolves with the raw response. */
export function callApiForFile<N extends RouteName>(
  name: N,
  ...[input]: CallArgs<N>
): Promise<Response> {
  const { path, options } = requestOf(name, (input ?? {}) as LooseInput);
  return apiFetch(path, options);
}
