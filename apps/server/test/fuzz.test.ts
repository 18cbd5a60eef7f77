import { type RouteDef, routes } from '@dynaloop/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_CONFIG_YAML } from '../src/features/proposals/starter-config.js';
import {
  type ContractRequest,
  fillPath,
  type Fixtures,
  multipart,
  queryString,
  sampleOf,
  sampleParams,
} from './contract-requests.js';
import {
  makeContext,
  makeDataset,
  makeExample,
  makeModel,
  makeOwnedTask,
  makeUser,
  unique,
} from './factories.js';
import { expectErrorShape } from './error-shape.js';
import { createTestApp, type TestApp } from './support.js';

/**
 * A fuzz test generated from the route table: every route, with malformed variants of every
 * path parameter, query parameter, body field and of the body as a whole, sent anonymously, as
 * a task owner and with forged credentials. No answer may be a 5xx, and every error answer must
 * be in the catalogue's shape with the request id of its header. A route added to the table is
 * fuzzed without writing anything here.
 */

const LONG = 'x'.repeat(100_000);

/** Raw (already URL-encoded where needed) values for path segments. */
const PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9'.repeat(40),
  'abc',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'x'.repeat(300),
  'x'.repeat(5000),
  '..',
  '%2e%2e%2f%2e%2e',
  '%27%20OR%201%3D1--',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'null',
  '%20',
  '1e3',
];

/** Raw values for query parameters. */
const QUERY_VALUES = [
  '',
  '-1',
  '1.5',
  '9'.repeat(40),
  'abc',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  'x'.repeat(5000),
  '%27%20OR%201%3D1--',
  'a|b|%00',
  'true',
];

/** Values put in place of each body field. */
const FIELD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  2 ** 53 + 1,
  '',
  ' ',
  LONG,
  'a\u0000b',
  '\ud800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  [],
  [1, 'two', null],
  {},
  { '\u0000': 1 },
  { nested: { deeper: ['x'] } },
];

interface Variant extends ContractRequest {
  label: string;
}

describe('fuzzing every route of the contract', () => {
  let t: TestApp;
  let ownerToken: string;
  let forged: Array<Record<string, string>>;
  const paramFixture = new Map<string, (path: string) => unknown>();
  let bodyFixtures: Fixtures;
  let queryFixtures: Fixtures;

  beforeAll(async () => {
    t = await createTestApp();
    const { owner, task, rounds } = await makeOwnedTask(t.db);
    const other = await makeUser(t.db);
    const model = await makeModel(t.db, task.id, owner.id);
    const dataset = await makeDataset(t.db, task.id);
    const context = await makeContext(t.db, rounds[0]!.id);
    const example = await makeExample(t.db, rounds[0]!, context.id, { uid: owner.id });
    const proposal = await t.db
      .insertInto('task_proposals')
      .values({
        uid: owner.id,
        task_code: unique('fz'),
        name: unique('Fuzz '),
        desc: 'd',
        longdesc: 'l',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ownerToken = await t.deps.tokens.signUser(owner);
    const wrongKey = new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret');
    const forgedJwt = await new SignJWT({ id: owner.id, username: owner.username, scope: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('15m')
      .sign(wrongKey);
    const [head, payload] = ownerToken.split('.');
    forged = [
      { authorization: `Bearer ${forgedJwt}` },
      { authorization: `Bearer ${head}.${payload}.` },
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzY29wZSI6InVzZXIiLCJpZCI6MX0.' },
      { authorization: 'Bearer dlk_forged-api-token' },
      { authorization: 'Crowd forged-crowd-credential' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
      { authorization: `Bearer ${'x'.repeat(8000)}` },
      { authorization: 'Bearer' },
    ];
    const idFor = (path: string): number => {
      if (path.startsWith('/users/')) return owner.id;
      if (path.startsWith('/examples/') || path.startsWith('/validations/')) return example.id;
      if (path.startsWith('/datasets/')) return dataset.id;
      if (path.startsWith('/models/')) return model.id;
      if (path.startsWith('/tasks/process_proposal/')) return proposal.id;
      if (path.startsWith('/authenticate/api_tokens/')) return 999_999;
      return task.id;
    };
    for (const [name, value] of Object.entries({
      id: idFor,
      task: () => task.id,
      round: () => 1,
      rid: () => 1,
      mid: () => model.id,
      username: () => other.username,
      name: () => 'fuzz-dataset',
      method: () => 'random',
      file: () => 'missing.png',
      token: () => 'a'.repeat(43),
      page: () => 0,
      size: () => 5,
      minFlags: () => 0,
      maxFlags: () => 5,
      minDisagree: () => 0,
      maxDisagree: () => 5,
    })) {
      paramFixture.set(name, value);
    }
    bodyFixtures = {
      email: owner.email,
      password: 'not-the-password-of-anyone',
      tid: task.id,
      rid: 1,
      cid: context.id,
      uid: owner.id,
      task_code: unique('fuzz'),
      config_yaml: STARTER_CONFIG_YAML,
      model_ids: [model.id],
      url: 'https://models.example.org/predict',
      endpoint_url: 'https://models.example.org/predict',
    };
    queryFixtures = { limit: 5, offset: 0, tags: 'a|b' };
  });
  afterAll(async () => {
    await t.close();
  });

  /** The malformed variants of one route, with their credentials. */
  function variantsOf(name: string, def: RouteDef): Variant[] {
    const method = def.method;
    const params = sampleParams(def, (key) => paramFixture.get(key)?.(def.path) ?? 1);
    const querySample = def.querystring
      ? (sampleOf(def.querystring, queryFixtures) as Record<string, unknown>)
      : {};
    const query = Object.fromEntries(
      Object.entries(querySample)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, encodeURIComponent(String(v))]),
    );
    const body = def.body ? sampleOf(def.body, bodyFixtures) : undefined;
    const url = (p = params, q = query) => `/api${fillPath(def.path, p)}${queryString(q)}`;
    const out: Variant[] = [];
    const add = (label: string, v: ContractRequest) =>
      out.push({ label: `${name} ${label}`, ...v });
    const baseBody = body === undefined ? {} : { payload: body as Record<string, unknown> };

    add('baseline', { method, url: url(), ...baseBody });
    for (const key of Object.keys(params)) {
      for (const value of PATH_VALUES) {
        add(`param ${key}=${value.slice(0, 20)}`, {
          method,
          url: url({ ...params, [key]: value }),
          ...baseBody,
        });
      }
    }
    for (const key of Object.keys(def.querystring?.shape ?? {})) {
      for (const value of QUERY_VALUES) {
        add(`query ${key}=${value.slice(0, 20)}`, {
          method,
          url: url(params, { ...query, [key]: value }),
          ...baseBody,
        });
      }
      add(`query ${key} twice`, {
        method,
        url: `${url()}${def.querystring ? '&' : '?'}${key}=1&${key}=2`,
        ...baseBody,
      });
    }
    add('unknown query', {
      method,
      url: `${url()}${Object.keys(query).length ? '&' : '?'}__proto__[admin]=1&constructor[prototype][x]=1`,
      ...baseBody,
    });

    if (def.multipart) {
      const ok = multipart('{"context": "a"}\n');
      const variants: Array<[string, Buffer | string, Record<string, string>]> = [
        ['multipart ok', ok.payload, ok.headers],
        ['multipart no boundary', ok.payload, { 'content-type': 'multipart/form-data' }],
        [
          'multipart wrong boundary',
          ok.payload,
          { 'content-type': 'multipart/form-data; boundary=nope' },
        ],
        ['multipart truncated', ok.payload.subarray(0, 60), ok.headers],
        ['multipart empty', '', ok.headers],
        ['multipart no file part', '--contract-boundary--\r\n', ok.headers],
        ['multipart NUL content', multipart('{"\\u0000": "\\u0000"}\n').payload, ok.headers],
        [
          'multipart binary',
          multipart(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe])).payload,
          ok.headers,
        ],
        ['multipart traversal name', multipart('{}', '../../etc/passwd').payload, ok.headers],
        ['multipart as json', '{"file": "x"}', { 'content-type': 'application/json' }],
        ['multipart as text', 'file', { 'content-type': 'text/plain' }],
      ];
      for (const [label, payload, headers] of variants)
        add(label, { method, url: url(), payload, headers });
    } else if (method !== 'GET') {
      const json = { 'content-type': 'application/json' };
      const raw: Array<[string, string | Buffer, Record<string, string>]> = [
        ['body none', '', {}],
        ['body empty json', '', json],
        ['body null', 'null', json],
        ['body array', '[]', json],
        ['body string', '"str"', json],
        ['body number', '123', json],
        ['body truncated', '{"a":', json],
        ['body invalid utf8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), json],
        ['body nested', `${'['.repeat(5000)}${']'.repeat(5000)}`, json],
        ['body 3 MB', JSON.stringify({ a: 'x'.repeat(3 * 1024 * 1024) }), json],
        ['body text/plain', 'hello', { 'content-type': 'text/plain' }],
        ['body form', 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' }],
        [
          'body proto',
          '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}',
          json,
        ],
        ['body escaped NUL key', '{"\\u0000": 1}', json],
        ['body lone surrogate', '{"a": "\\udc00"}', json],
        ['body bad content-type', '{}', { 'content-type': 'application/json; charset=klingon' }],
      ];
      for (const [label, payload, headers] of raw)
        add(label, { method, url: url(), payload, headers });
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const fields = Object.keys(body);
        for (const field of fields) {
          for (const value of FIELD_VALUES) {
            add(`field ${field}=${JSON.stringify(value)?.slice(0, 20)}`, {
              method,
              url: url(),
              payload: { ...(body as Record<string, unknown>), [field]: value },
            });
          }
          const rest = { ...(body as Record<string, unknown>) };
          delete rest[field];
          add(`field ${field} missing`, { method, url: url(), payload: rest });
        }
        add('field unknown', {
          method,
          url: url(),
          payload: { ...(body as Record<string, unknown>), unknown_field: 1 },
        });
      }
    }
    return out;
  }

  it(
    'no answer is a 5xx; every error answer has the catalogue shape',
    { timeout: 240_000 },
    async ({ annotate }) => {
      const requests: Variant[] = [];
      for (const [name, def] of Object.entries(routes) as Array<[string, RouteDef]>) {
        const variants = variantsOf(name, def);
        variants.forEach((v, i) => {
          // Each variant anonymously, as the task owner, and with one of the forged credentials.
          requests.push({ ...v, label: `${v.label} [anonymous]` });
          requests.push({
            ...v,
            label: `${v.label} [owner]`,
            headers: { ...v.headers, authorization: `Bearer ${ownerToken}` },
          });
          const forgery = forged[i % forged.length]!;
          requests.push({
            ...v,
            label: `${v.label} [forged]`,
            headers: { ...v.headers, ...forgery },
          });
        });
      }

      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let next = 0;
      let n = 0;
      const worker = async () => {
        while (next < requests.length) {
          const r = requests[next++]!;
          n++;
          // A different source address for each request: per-address limits stay out of the way.
          const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          const res = await t.app.inject({
            method: r.method,
            url: r.url,
            headers: r.headers,
            payload: r.payload,
            remoteAddress,
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500)
            failures.push(`${r.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            try {
              expectErrorShape(res, r.label);
            } catch (err) {
              failures.push((err as Error).message.slice(0, 400));
            }
          }
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: 8 }, worker));
      const seconds = (performance.now() - started) / 1000;

      const counts = [...statuses.entries()].sort(([a], [b]) => a - b);
      await annotate(
        `${requests.length} requests over ${Object.keys(routes).length} routes in ${seconds.toFixed(1)} s; statuses ${counts.map(([s, c]) => `${s}: ${c}`).join(', ')}`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(requests.length).toBeGreaterThanOrEqual(10_000);
      expect(counts.filter(([s]) => s >= 500)).toEqual([]);
    },
  );
});
