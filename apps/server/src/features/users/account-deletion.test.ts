import fs from 'node:fs/promises';
import path from 'node:path';
import { type TaskProposal } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardBadge } from '../badges/service.js';
import { makeModel, makeTask, makeUser, multipartBody } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const PASSWORD = 'correct-horse-battery';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type User = Awaited<ReturnType<typeof makeUser>>;

describe('account deletion', () => {
  let t: TestApp;
  let dora: User;
  let doraToken: string;
  let other: User;
  let otherToken: string;
  let admin: User;
  let refreshCookie: string;
  let apiToken: string;
  let avatarUrl: string;
  let exampleId: number;
  let modelId: number;
  let proposalId: number;
  let taskId: number;
  let deletion: Awaited<ReturnType<typeof remove>>;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const remove = (user: User, token: string, password: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: bearer(token),
      payload: { password },
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { email, password } });

  beforeAll(async () => {
    t = await createTestApp();
    dora = await makeUser(t.db, { password: PASSWORD });
    other = await makeUser(t.db);
    admin = await makeUser(t.db, { admin: true });
    otherToken = await t.deps.tokens.signUser(other);
    await t.db
      .updateTable('users')
      .set({ realname: 'Dora Explorer', affiliation: 'Map Inc' })
      .where('id', '=', dora.id)
      .execute();

    // A real login: an access token, a refresh cookie and an API token.
    const session = await login(dora.email, PASSWORD);
    doraToken = session.json<{ token: string }>().token;
    refreshCookie = session.cookies.find((c) => c.name === 'dynaloop_refresh')!.value;
    apiToken = (
      await t.app.inject({
        method: 'GET',
        url: '/api/authenticate/generate_api_token',
        headers: bearer(doraToken),
      })
    ).json<{ api_token: string }>().api_token;
    const { payload, headers } = multipartBody({ filename: 'me.png', content: PNG });
    avatarUrl = (
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${dora.id}/avatar/upload`,
        payload,
        headers: { ...headers, ...bearer(doraToken) },
      })
    ).json<{ avatar_url: string }>().avatar_url;

    // What Dora contributed: an example in a round of a task she owns, a model, a proposal.
    const { task, rounds } = await makeTask(t.db, {}, { ownerIds: [dora.id] });
    taskId = task.id;
    const context = await t.db
      .insertInto('contexts')
      .values({ r_realid: rounds[0]!.id, context_json: JSON.stringify({ text: 'ctx' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    exampleId = (
      await t.db
        .insertInto('examples')
        .values({
          cid: context.id,
          r_realid: rounds[0]!.id,
          tid: task.id,
          uid: dora.id,
          annotator_id: 'dora-on-the-crowd-platform',
          input_json: JSON.stringify({ hypothesis: 'x' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    modelId = (await makeModel(t.db, task.id, dora.id, { name: 'doras-model' })).id;
    proposalId = (
      await t.db
        .insertInto('task_proposals')
        .values({
          uid: dora.id,
          task_code: 'dora_task',
          name: 'Dora task',
          desc: 'd',
          longdesc: 'ld',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await awardBadge(t.db, dora.id, 'WELCOME_NOOB'); // also a notification

    // Every test below looks at what the deletion left.
    deletion = await remove(dora, doraToken, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs the right password', async () => {
    const someone = await makeUser(t.db, { password: PASSWORD });
    const res = await remove(someone, await t.deps.tokens.signUser(someone), 'not-my-password');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    const row = await t.db
      .selectFrom('users')
      .select(['deleted_at', 'username'])
      .where('id', '=', someone.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_at: null, username: someone.username });
  });

  it('with it, deletes the account', () => {
    expect(deletion.statusCode).toBe(200);
    expect(deletion.json()).toEqual({ success: 'ok' });
  });

  it('the user is gone for everyone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${dora.id}`,
      headers: bearer(otherToken),
    });
    expect(res.statusCode).toBe(404);
    const badges = await t.app.inject({
      method: 'GET',
      url: `/api/users/${dora.id}/badges`,
      headers: bearer(otherToken),
    });
    expect(badges.statusCode).toBe(404);
  });

  it('nothing identifying remains in the row', async () => {
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', dora.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      password_hash: null,
      realname: null,
      affiliation: null,
      avatar_url: null,
      admin: false,
    });
    expect(JSON.stringify(row)).not.toContain(dora.username);
    expect(JSON.stringify(row)).not.toContain(dora.email);
    const avatar = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(avatar.statusCode).toBe(404);
    const files = await fs.readdir(path.join(t.tmpDir, 'blobs', 'avatars'));
    expect(files).not.toContain(path.basename(avatarUrl));
  });

  it('no login, refresh cookie, access or API token works any more', async () => {
    const res = await login(dora.email, PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Authentication failed');
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/refresh',
      cookies: { dynaloop_refresh: refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    for (const token of [doraToken, apiToken]) {
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/users/${other.id}`,
        headers: bearer(token),
      });
      expect(me.statusCode).toBe(401);
    }
    for (const table of ['refresh_tokens', 'api_tokens', 'notifications'] as const) {
      const rows = await t.db.selectFrom(table).select('uid').where('uid', '=', dora.id).execute();
      expect(rows, table).toHaveLength(0);
    }
  });

  it('the username and the email can be registered again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: dora.email, password: 'another-password', username: dora.username },
      remoteAddress: '10.5.0.1',
    });
    expect(res.statusCode).toBe(200);
    const newcomer = res.json<{ user: { id: number; unseen_notifications: number } }>().user;
    expect(newcomer.id).not.toBe(dora.id);
    // A fresh account: nothing of Dora's is carried over.
    expect(newcomer.unseen_notifications).toBe(1);
  });

  it('what the user contributed stays, credited to no one', async () => {
    const example = await t.db
      .selectFrom('examples')
      .select(['id', 'annotator_id'])
      .where('id', '=', exampleId)
      .executeTakeFirst();
    expect(example).toEqual({ id: exampleId, annotator_id: null });
    const model = await t.db
      .selectFrom('models')
      .select(['id', 'is_anonymous', 'is_published'])
      .where('id', '=', modelId)
      .executeTakeFirst();
    expect(model).toEqual({ id: modelId, is_anonymous: true, is_published: true });
    const owners = await t.db
      .selectFrom('task_user_permissions')
      .select('uid')
      .where('tid', '=', taskId)
      .execute();
    expect(owners).toEqual([]);
  });

  it('the proposals list shows no author for the user’s proposal', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/task_proposals/all/0/5',
      headers: bearer(await t.deps.tokens.signUser(admin)),
    });
    expect(res.statusCode).toBe(200);
    const proposal = res.json<{ data: TaskProposal[] }>().data.find((p) => p.id === proposalId);
    expect(proposal).toMatchObject({ uid: null, username: null, name: 'Dora task' });
  });

  describe('nobody can keep another user from deleting their account', () => {
    const register = (username: string, email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { username, email, password: 'squatter-password' },
        remoteAddress: ip,
      });
    const deleteOwn = async (user: User) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/users/${user.id}`,
        headers: bearer(await t.deps.tokens.signUser(user)),
        payload: { password: PASSWORD },
      });

    it('by registering the username the deleted account would get', async () => {
      const victim = await makeUser(t.db, { password: PASSWORD });
      const squat = await register(
        `deleted user ${victim.id}`,
        `${victim.username}-squat@example.test`,
        '10.5.1.1',
      );
      expect(squat.statusCode).toBe(400);
      const res = await deleteOwn(victim);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('by registering the email the deleted account would get', async () => {
      const victim = await makeUser(t.db, { password: PASSWORD });
      const squat = await register(
        `${victim.username}-squat`,
        `deleted user ${victim.id}`,
        '10.5.1.2',
      );
      expect(squat.statusCode).toBe(400);
      const res = await deleteOwn(victim);
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
