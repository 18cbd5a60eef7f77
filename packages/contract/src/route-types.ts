import type { z } from 'zod';
import type { routes } from './routes.js';

/**
 * What a client sends to and gets from each route of the table, read from its schemas. Types
 * only: a client imports them with `import type` and ships no zod.
 */
type Route<N extends keyof typeof routes> = (typeof routes)[N];

/** The schema a route declares under `key`, or never when it declares none. */
type SchemaOf<N extends keyof typeof routes, K extends string> =
  Route<N> extends Record<K, infer S extends z.ZodType> ? S : never;

/** Drops an index signature (a loose object's `[key: string]: unknown`), keeping named keys. */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** A path parameter as a client writes it: free strings may be given as numbers (ids, codes). */
type PathValue<T> = T extends number ? number : string extends T ? string | number : T;

export type RouteParams<N extends keyof typeof routes> = [SchemaOf<N, 'params'>] extends [never]
  ? never
  : { [K in keyof z.output<SchemaOf<N, 'params'>>]: PathValue<z.output<SchemaOf<N, 'params'>>[K]> };

/** Query fields; each may be left out (the server applies its defaults). */
export type RouteQuery<N extends keyof typeof routes> = [SchemaOf<N, 'querystring'>] extends [never]
  ? never
  : Partial<z.output<SchemaOf<N, 'querystring'>>>;

/** The JSON body a route accepts (defaults may be left out); multipart routes take a FormData. */
export type RouteBody<N extends keyof typeof routes> =
  Route<N> extends { multipart: true }
    ? FormData
    : [SchemaOf<N, 'body'>] extends [never]
      ? never
      : z.input<SchemaOf<N, 'body'>>;

/** The request headers a route reads besides Authorization. */
export type RouteHeaders<N extends keyof typeof routes> = [SchemaOf<N, 'headers'>] extends [never]
  ? never
  : Named<z.input<SchemaOf<N, 'headers'>>>;

/** The 200 answer of a route, as the server serialises it. */
export type RouteResponse<N extends keyof typeof routes> = [SchemaOf<N, 'response'>] extends [never]
  ? never
  : z.output<SchemaOf<N, 'response'>>;
