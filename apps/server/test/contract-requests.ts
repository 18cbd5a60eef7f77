import { type RouteDef } from '@dynaloop/contract';
import { z } from 'zod';

/**
 * Requests built from the contract's route table: a plausible request for any route (path
 * parameters, query and JSON body sampled from its schemas, with values from fixtures where a
 * name says what it refers to). The fuzz suite and the authorization matrix start from these,
 * so a route added to the table is covered without a new test.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  default?: unknown;
};

export type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ContractRequest {
  method: InjectMethod;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | Record<string, unknown> | unknown[];
}

/** Values the sampler uses for fields and parameters whose name says what they are. */
export type Fixtures = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A value that satisfies a JSON schema where it easily can (fixtures by field name first). */
export function sample(
  schema: JsonSchema,
  fixtures: Fixtures,
  name = '',
  defs: Record<string, JsonSchema> = {},
  depth = 0,
): unknown {
  if (name in fixtures) return fixtures[name];
  if (schema.$ref) {
    const def = defs[schema.$ref.replace('#/$defs/', '')];
    return def ? sample(def, fixtures, name, defs, depth + 1) : null;
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const nonNull = options.find((o) => o.type !== 'null') ?? options[0]!;
    return sample(nonNull, fixtures, name, defs, depth + 1);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0]!, fixtures, name, defs, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        out[key] = sample(prop, fixtures, key, defs, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sample(schema.items ?? {}, fixtures, name, defs, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.org/x';
      if (schema.format === 'email') return 'someone@example.test';
      // The original API's `*_json` fields carry a JSON object as text.
      if (name.endsWith('_json')) return '{}';
      const base = `sample-${name || 'text'}`;
      const min = schema.minLength ?? 0;
      return base.length >= min
        ? base.slice(0, schema.maxLength ?? base.length)
        : base.padEnd(min, 'x');
    }
    default:
      return null;
  }
}

export function sampleOf(schema: z.ZodType, fixtures: Fixtures): unknown {
  const json = jsonSchemaOf(schema);
  return sample(json, fixtures, '', json.$defs ?? {});
}

/** The path of a route with its parameters filled (values are inserted as given: raw). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, key: string) => params[key] ?? '1');
}

export function sampleParams(
  def: RouteDef,
  fixtures: (param: string) => unknown,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(def.params?.shape ?? {})) {
    params[key] = encodeURIComponent(String(fixtures(key)));
  }
  return params;
}

export function sampleQuery(def: RouteDef, fixtures: Fixtures): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of Object.keys(def.querystring?.shape ?? {})) {
    if (key in fixtures) query[key] = String(fixtures[key]);
  }
  return query;
}

export const queryString = (query: Record<string, string>) => {
  const entries = Object.entries(query);
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
};

/** A small, valid multipart/form-data body with one file part. */
export function multipart(
  content: Buffer | string,
  filename = 'upload.jsonl',
  boundary = 'contract-boundary',
): { payload: Buffer; headers: Record<string, string> } {
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
