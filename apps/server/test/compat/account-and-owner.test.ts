import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDataset,
  makeModel,
  makeOwnedTask,
  makeUser,
  multipartBody,
  unique,
} from '../factories.js';
import { createTestApp, type TestApp } from '../support.js';
import { expectFields, originalClient } from './original-client.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Account, profile and owner-console calls of the original web client, built as it builds them. */
describe('the original web client on account and owner pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers, logs in, refreshes and logs out (logout sends no body)', async () => {
    const anon = originalClient(t.app, null);
    const username = unique('orig');
    const email = `${username}@example.test`;
    const registered = await anon.call({
      method: 'POST',
      path: '/users',
      data: { email, password: 'a long password', username },
    });
    expect(registered.status).toBe(200);
    expectFields(registered.body, { token: 'string', user: 'object' });
    const login = await anon.call({
      method: 'POST',
      path: '/authenticate',
      data: { email, password: 'a long password' },
    });
    expect(login.status).toBe(200);
    expectFields(login.body, { token: 'string' });
    const token = login.body.token as string;
    // What getCredentials() decodes: id and exp.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expectFields(claims, { id: 'number', exp: 'number' });

    const cookie = login.raw.cookies[0]!;
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/refresh',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        cookie: `${cookie.name}=${cookie.value}`,
      },
    });
    expect(refreshed.statusCode).toBe(200);
    expectFields(refreshed.json(), { token: 'string' });

    const out = await originalClient(t.app, token).call({
      method: 'POST',
      path: '/authenticate/logout',
    });
    expect(out.status).toBe(200);
  });

  it('profile: user, notifications (page index), seen (no body), avatar, own models and tasks', async () => {
    const user = await makeUser(t.db);
    const api = originalClient(t.app, await t.deps.tokens.signUser(user));
    const me = await api.call({ method: 'GET', path: `/users/${user.id}/badges` });
    expect(me.status).toBe(200);
    expectFields(me.body, {
      id: 'number',
      username: 'string',
      email: 'string',
      realname: 'string|null',
      affiliation: 'string|null',
      avatar_url: 'string|null',
      admin: 'boolean',
      examples_submitted: 'number',
      examples_verified: 'number',
      total_fooled: 'number',
      total_verified_not_correct_fooled: 'number',
      total_retracted: 'number',
      unseen_notifications: 'number',
      badges: 'array',
    });

    const profile = await api.call({
      method: 'PUT',
      path: `/users/${user.id}`,
      data: { username: user.username, realname: 'Ada', affiliation: '' },
    });
    expect(profile.status).toBe(200);
    expectFields(profile.body, { username: 'string', realname: 'string|null' });

    const notes = await api.call({ method: 'GET', path: '/notifications?limit=10&offset=0' });
    expect(notes.status).toBe(200);
    expectFields(notes.body, { count: 'number', data: 'array' });
    const seen = await api.call({ method: 'PUT', path: '/notifications/seen' });
    expect(seen.status).toBe(200);

    // The avatar: multipart, with only the Authorization header; the answer is the user record.
    const form = multipartBody({ filename: 'me.png', content: PNG, contentType: 'image/png' });
    const avatar = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/avatar/upload`,
      headers: { ...form.headers, authorization: `Bearer ${await t.deps.tokens.signUser(user)}` },
      payload: form.payload,
    });
    expect(avatar.statusCode).toBe(200);
    expectFields(avatar.json(), {
      avatar_url: 'string',
      username: 'string',
      email: 'string',
      admin: 'boolean',
      examples_submitted: 'number',
    });

    for (const path of [
      `/users/${user.id}/models?limit=10&offset=0`,
      `/users/${user.id}/tasks?limit=5&offset=0`,
      '/task_proposals/user/0/5',
    ]) {
      const list = await api.call({ method: 'GET', path });
      expect(list.status, path).toBe(200);
      expectFields(list.body, { count: 'number', data: 'array' });
    }
  });

  it('owner console: calls without a body, and the round and model pickers', async () => {
    const { owner, task, rounds } = await makeOwnedTask(t.db);
    const api = originalClient(t.app, await t.deps.tokens.signUser(owner));
    const model = await makeModel(t.db, task.id, owner.id, { is_published: true });
    await t.db
      .updateTable('models')
      .set({ deployment_status: 'deployed', light_model: 'https://models.example.org/m' })
      .where('id', '=', model.id)
      .execute();

    const identifiers = await api.call<unknown[]>({
      method: 'GET',
      path: `/tasks/get_model_identifiers/${task.id}`,
    });
    expect(identifiers.status).toBe(200);
    expect(identifiers.body).toHaveLength(1);
    expectFields(identifiers.body[0], {
      model_id: 'number',
      model_name: 'string',
      uid: 'number|null',
      username: 'string|null',
      is_published: 'boolean',
      deployment_status: 'string',
    });

    const selection = await api.call<Record<string, unknown[]>>({
      method: 'GET',
      path: `/tasks/get_model_identifiers_for_target_selection/${task.id}`,
    });
    expect(selection.status).toBe(200);
    expect(Object.keys(selection.body).sort()).toEqual(rounds.map((r) => String(r.rid)).sort());
    const pick = selection.body[String(rounds[0]!.rid)]!;
    expect(pick).toHaveLength(1);
    expectFields(pick[0], { model_id: 'number', model_name: 'string', is_target: 'boolean' });
    expect(pick[0]).toMatchObject({ model_id: model.id, is_target: false });

    const updated = await api.call({
      method: 'PUT',
      path: `/tasks/update_round/${task.id}/${rounds[0]!.rid}`,
      data: { model_ids: [model.id], longdesc: 'New round description' },
    });
    expect(updated.status).toBe(200);
    const after = await api.call<Record<string, Array<Record<string, unknown>>>>({
      method: 'GET',
      path: `/tasks/get_model_identifiers_for_target_selection/${task.id}`,
    });
    expect(after.body[String(rounds[0]!.rid)]![0]).toMatchObject({ is_target: true });

    const allRounds = await api.call<unknown[]>({
      method: 'GET',
      path: `/tasks/get_all_rounds/${task.id}`,
    });
    expect(allRounds.status).toBe(200);
    for (const r of allRounds.body) {
      expectFields(r, {
        rid: 'number',
        longdesc: 'string|null',
        total_fooled: 'number',
        total_verified_fooled: 'number',
        total_collected: 'number',
      });
    }

    const created = await api.call({ method: 'POST', path: `/tasks/create_round/${task.id}` });
    expect(created.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('tasks')
          .select('cur_round')
          .where('id', '=', task.id)
          .executeTakeFirstOrThrow()
      ).cur_round,
    ).toBe(task.cur_round + 1);

    const other = await makeUser(t.db);
    const toggled = await api.call<unknown[]>({
      method: 'PUT',
      path: `/tasks/toggle_owner/${task.id}/${other.username}`,
    });
    expect(toggled.status).toBe(200);
    const owners = await api.call<unknown[]>({ method: 'GET', path: `/tasks/owners/${task.id}` });
    for (const o of owners.body) expectFields(o, { id: 'number', username: 'string' });
    expect(owners.body).toHaveLength(2);

    const dataset = await makeDataset(t.db, task.id);
    const datasets = await api.call<unknown[]>({
      method: 'GET',
      path: `/tasks/datasets/${task.id}`,
    });
    expect(datasets.status).toBe(200);
    for (const ds of datasets.body) {
      expectFields(ds, {
        id: 'number',
        name: 'string',
        longdesc: 'string|null',
        rid: 'number',
        source_url: 'string|null',
        access_type: 'string',
        log_access_type: 'string',
      });
    }
    const deleted = await api.call({ method: 'DELETE', path: `/datasets/delete/${dataset.id}` });
    expect(deleted.status).toBe(200);

    for (const path of ['/datasets/get_access_types', '/datasets/get_log_access_types']) {
      const types = await api.call<unknown[]>({ method: 'GET', path });
      expect(types.status).toBe(200);
      expect(types.body.every((x) => typeof x === 'string')).toBe(true);
    }
    const admin = await api.call({ method: 'GET', path: `/tasks/admin_or_owner/${task.id}` });
    expect(admin.body).toEqual({ admin_or_owner: true });
  });
});

describe('the original web client served from another origin', () => {
  const origin = 'http://localhost:3000';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { corsOrigins: [origin] } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the preflight of a configured origin, with credentials', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/tasks/1',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
  });

  it('lets a configured origin read answers, and no other origin', async () => {
    const api = originalClient(t.app, null);
    const ok = await api.call({ method: 'GET', path: '/tasks', origin });
    expect(ok.headers['access-control-allow-origin']).toBe(origin);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await api.call({ method: 'GET', path: '/tasks', origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets the refresh cookie SameSite=None and Secure, so that the other origin sends it back', async () => {
    const user = await makeUser(t.db, { password: 'a long password' });
    const res = await originalClient(t.app, null).call({
      method: 'POST',
      path: '/authenticate',
      data: { email: user.email, password: 'a long password' },
      origin,
    });
    expect(res.status).toBe(200);
    const cookie = res.raw.cookies[0]!;
    expect(cookie.sameSite).toBe('None');
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });
});

describe('without CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows no other origin, and the refresh cookie stays SameSite=Strict', async () => {
    const res = await originalClient(t.app, null).call({
      method: 'GET',
      path: '/tasks',
      origin: 'http://localhost:3000',
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const user = await makeUser(t.db, { password: 'a long password' });
    const login = await originalClient(t.app, null).call({
      method: 'POST',
      path: '/authenticate',
      data: { email: user.email, password: 'a long password' },
    });
    expect(login.raw.cookies[0]!.sameSite).toBe('Strict');
  });

  it('still refuses a malformed Authorization header and a malformed JSON body', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/tasks/admin_or_owner/1',
      headers: { authorization: 'Basic abc' },
    });
    expect(bad.statusCode).toBe(401);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
  });
});
