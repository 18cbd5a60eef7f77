import { type FastifyRequest } from 'fastify';
import { type Config } from '../config.js';

/*
 * What clients of the original API need, shared by the features that answer them.
 */

/**
 * Clients of the original API read answers from endpoints whose names do not start with `ts` in
 * a pre-2021 format of their own (probability arrays instead of labels). Our endpoint names
 * (`builtin-…`, `remote-…`) are shown to them with this prefix, and read back without it.
 */
const COMPAT_PREFIX = 'ts-';
const OWN_NAME = /^(builtin|remote)-/;

export function compatEndpointName(name: string): string {
  return `${COMPAT_PREFIX}${name}`;
}

/** The endpoint name a client sent, without the prefix clients of the original API see. */
export function ownEndpointName<T extends string | null | undefined>(name: T): T {
  if (typeof name !== 'string' || !name.startsWith(COMPAT_PREFIX)) return name;
  const rest = name.slice(COMPAT_PREFIX.length);
  return (OWN_NAME.test(rest) ? rest : name) as T;
}

/** The public base of the API: PUBLIC_URL when set, else the origin the request came to. */
export function apiBaseUrl(request: FastifyRequest, config: Config): string {
  const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin.replace(/\/+$/, '')}/api`;
}

/**
 * convert_to_model_io takes `{data: {...}}` (ours) or, as the original API did, the fields
 * themselves; it answers in the shape it was asked in.
 */
export function isWrappedModelIo(
  body: Record<string, unknown>,
): body is { data: Record<string, unknown> } {
  const keys = Object.keys(body);
  const data = body.data;
  return (
    keys.length === 1 &&
    keys[0] === 'data' &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
  );
}
