import { expect } from 'vitest';
import { type AppInstance } from '../../src/app.js';

/**
 * Requests built the way the original Dynabench web client builds them (its ApiService, read
 * from its source): every call sends `Accept` and `Content-Type: application/json`, and
 * `Authorization: Bearer <token>`, or the literal `None` when logged out; a call without data
 * sends no body at all. The API base is REACT_APP_API_HOST, here `/api`.
 */
export interface OriginalCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** JSON.stringify(data) as the client sends it; left out when the client sends no body. */
  data?: unknown;
  /** A bearer token other than the session's (the trial token on model calls). */
  bearer?: string;
  origin?: string;
}

export function originalClient(app: AppInstance, token: string | null = null) {
  const call = async <T = Record<string, unknown>>(c: OriginalCall) => {
    const bearer = c.bearer ?? token;
    const res = await app.inject({
      method: c.method,
      url: c.path.startsWith('http') ? pathOf(c.path) : `/api${c.path}`,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: bearer ? `Bearer ${bearer}` : 'None',
        ...(c.origin ? { origin: c.origin } : {}),
      },
      ...(c.data !== undefined ? { payload: JSON.stringify(c.data) } : {}),
    });
    return { status: res.statusCode, body: res.json<T>(), headers: res.headers, raw: res };
  };
  return { call };
}

/** The path and query of an absolute URL the API handed out (model URLs in round.url). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

function kindOf(value: unknown): Kind | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as Kind | 'undefined';
}

/**
 * Asserts the fields the client's code reads, with the type it expects: `'string|null'` allows
 * either. A missing field fails like a wrong type.
 */
export function expectFields(value: unknown, fields: Record<string, string>): void {
  expect(kindOf(value), 'an object').toBe('object');
  const obj = value as Record<string, unknown>;
  for (const [field, expected] of Object.entries(fields)) {
    const allowed = expected.split('|');
    expect(allowed, `${field}: ${JSON.stringify(obj[field])}`).toContain(kindOf(obj[field]));
  }
}

/** A JSON string holding an object, as the client JSON.parse()s it. */
export function parsedObject(text: unknown): Record<string, unknown> {
  expect(typeof text).toBe('string');
  const value: unknown = JSON.parse(text as string);
  expect(kindOf(value)).toBe('object');
  return value as Record<string, unknown>;
}
