import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeLeaderboardView,
  makeModel,
  makeTask,
  makeUser,
  multipartBody,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const PASSWORD = 'correct-horse-battery';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PRIVATE_FIELDS = ['email', 'realname', 'admin', 'unseen_notifications'] as const;

interface InjectOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

interface Case {
  name: string;
  kind: 'read' | 'write';
  request: (targetId: number) => InjectOptions;
  /** What user B gets when targeting user A. */
  asOther: number;
  /** What a visitor without a token gets. */
  asVisitor: number;
  /** For reads: what A itself sees there that B was not shown. */
  ownerSees?: 'private fields' | 'alices-fork' | 'alices-snapshot' | 'unpublished model';
}

const avatarUpload = multipartBody({ filename: 'b.png', content: PNG, contentType: 'image/png' });

const CASES: Case[] = [
  {
    name: 'GET /users/:id',
    kind: 'read',
    request: (id) => ({ method: 'GET', url: `/api/users/${id}` }),
    asOther: 200,
    asVisitor: 401,
    ownerSees: 'private fields',
  },
  {
    name: 'GET /users/:id/badges',
    kind: 'read',
    request: (id) => ({ method: 'GET', url: `/api/users/${id}/badges` }),
    asOther: 200,
    asVisitor: 401,
    ownerSees: 'private fields',
  },
  {
    name: 'PUT /users/:id',
    kind: 'write',
    request: (id) => ({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { username: 'hijacked', realname: 'Mallory', affiliation: 'Evil Corp' },
    }),
    asOther: 403,
    asVisitor: 401,
  },
  {
    name: 'DELETE /users/:id',
    kind: 'write',
    // Even with A's right password, B may not delete A.
    request: (id) => ({
      method: 'DELETE',
      url: `/api/users/${id}`,
      payload: { password: PASSWORD },
    }),
    asOther: 403,
    asVisitor: 401,
  },
  {
    name: 'POST /users/:id/avatar/upload',
    kind: 'write',
    request: (id) => ({
      method: 'POST',
      url: `/api/users/${id}/avatar/upload`,
      payload: avatarUpload.payload,
      headers: avatarUpload.headers,
    }),
    asOther: 403,
    asVisitor: 401,
  },
  {
    name: 'GET /users/:id/forks',
    kind: 'read',
    request: (id) => ({ method: 'GET', url: `/api/users/${id}/forks` }),
    asOther: 403,
    asVisitor: 401,
    ownerSees: 'alices-fork',
  },
  {
    name: 'GET /users/:id/snapshots',
    kind: 'read',
    request: (id) => ({ method: 'GET', url: `/api/users/${id}/snapshots` }),
    asOther: 403,
    asVisitor: 401,
    ownerSees: 'alices-snapshot',
  },
  {
    name: 'GET /users/:id/models',
    kind: 'read',
    request: (id) => ({ method: 'GET', url: `/api/users/${id}/models` }),
    asOther: 200,
    asVisitor: 200,
    ownerSees: 'unpublished model',
  },
];

describe('who may read and change a user', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof makeUser>>;
  let b: Awaited<ReturnType<typeof makeUser>>;
  let aToken: string;
  let bToken: string;
  let hiddenModel: string;

  const rowOfA = () =>
    t.db.selectFrom('users').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
  const avatarFiles = () =>
    fs.readdir(path.join(t.tmpDir, 'blobs', 'avatars')).catch(() => [] as string[]);
  const send = (c: Case, token: string | null) => {
    const options = c.request(a.id);
    return t.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await makeUser(t.db, { password: PASSWORD });
    b = await makeUser(t.db, { password: PASSWORD });
    await t.db
      .updateTable('users')
      .set({ realname: 'Alice Private', affiliation: 'Public U', unseen_notifications: 4 })
      .where('id', '=', a.id)
      .execute();
    aToken = await t.deps.tokens.signUser(a);
    bToken = await t.deps.tokens.signUser(b);
    const { task } = await makeTask(t.db, {}, { ownerIds: [a.id] });
    await makeModel(t.db, task.id, a.id, { name: 'public-model' });
    hiddenModel = (await makeModel(t.db, task.id, a.id, { is_published: false })).name;
    await makeLeaderboardView(t.db, 'fork', task.id, a.id, 'alices-fork');
    await makeLeaderboardView(t.db, 'snapshot', task.id, a.id, 'alices-snapshot');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(CASES)('$name', async (c) => {
    const before = await rowOfA();
    const filesBefore = await avatarFiles();

    // As user B, aimed at user A.
    const res = await send(c, bToken);
    expect(res.statusCode, res.body).toBe(c.asOther);
    // Never a private field of A, whatever the answer.
    expect(res.body).not.toContain(a.email);
    expect(res.body).not.toContain('Alice Private');
    expect(res.body).not.toContain(hiddenModel);
    expect(res.body).not.toContain('alices-');
    if (res.statusCode === 200) {
      const body = res.json<Record<string, unknown>>();
      for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
    } else {
      expect(res.json().code).toBe('forbidden');
    }
    if (c.kind === 'write') expect(res.statusCode).toBe(403);

    // As a visitor.
    const anonymous = await send(c, null);
    expect(anonymous.statusCode, anonymous.body).toBe(c.asVisitor);
    expect(anonymous.body).not.toContain(a.email);
    expect(anonymous.body).not.toContain(hiddenModel);

    // Nothing of A changed.
    expect(await rowOfA()).toEqual(before);
    expect(await avatarFiles()).toEqual(filesBefore);

    // The refusals are about the target: A itself reads all of it.
    if (c.kind === 'read') {
      const own = await send(c, aToken);
      expect(own.statusCode).toBe(200);
      if (c.ownerSees === 'private fields') {
        expect(own.json()).toMatchObject({ email: a.email, realname: 'Alice Private' });
      } else if (c.ownerSees === 'unpublished model') {
        expect(own.body).toContain(hiddenModel);
      } else {
        expect(own.body).toContain(c.ownerSees);
      }
    }
  });
});
