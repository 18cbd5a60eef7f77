import { type FastifyRequest } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';

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
 * `rounds.url` of the original API: the models in the loop of a round that this platform serves,
 * as `|`-separated absolute URLs ending in `predict?model=<endpoint>`, or null when there are
 * none. Remote models are left out: the original client sends the user's session token to these
 * URLs, which must not reach a third party.
 */
export async function roundModelUrl(
  db: Db,
  roundId: number,
  apiBase: string,
): Promise<string | null> {
  const rows = await db
    .selectFrom('round_models_in_the_loop as l')
    .innerJoin('models as m', 'm.id', 'l.mid')
    .select(['m.id', 'm.endpoint_name'])
    .where('l.r_realid', '=', roundId)
    .where('m.kind', '=', 'builtin')
    .where('m.is_published', '=', true)
    .where('m.deployment_status', '=', 'deployed')
    .where('m.endpoint_name', 'is not', null)
    .orderBy('m.id')
    .execute();
  if (rows.length === 0) return null;
  return rows
    .map(
      (m) =>
        `${apiBase}/models/${String(m.id)}/predict?model=${encodeURIComponent(
          compatEndpointName(m.endpoint_name!),
        )}`,
    )
    .join('|');
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
