import { type NotificationItem, type TaskProposal } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { notify } from './service.js';

type User = Awaited<ReturnType<typeof makeUser>>;

interface Paged<T> {
  count: number;
  data: T[];
}

describe('notifications', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let aliceToken: string;
  let bobToken: string;

  const get = async <T>(url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const unseen = async (id: number) =>
    (
      await t.db
        .selectFrom('users')
        .select('unseen_notifications')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).unseen_notifications;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    aliceToken = await t.deps.tokens.signUser(alice);
    bobToken = await t.deps.tokens.signUser(bob);
    // Five for Alice, made in an order other than their time, so that the order is the server's.
    const base = Date.now() - 3_600_000;
    for (const i of [2, 0, 4, 1, 3]) {
      await notify(t.db, alice.id, 'NEW_BADGE_EARNED', `BADGE_${i}`);
      await t.db
        .updateTable('notifications')
        .set({ created: new Date(base + i * 60_000) })
        .where('uid', '=', alice.id)
        .where('message', '=', `BADGE_${i}`)
        .execute();
    }
    await notify(t.db, bob.id, 'MODEL_DEPLOYMENT_STATUS', 'BOBS_OWN');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists one’s own, newest first', async () => {
    const page = await get<Paged<NotificationItem>>('/api/notifications', aliceToken);
    expect(page.count).toBe(5);
    expect(page.data.map((n) => n.message)).toEqual([
      'BADGE_4',
      'BADGE_3',
      'BADGE_2',
      'BADGE_1',
      'BADGE_0',
    ]);
    expect(page.data[0]).toMatchObject({ type: 'NEW_BADGE_EARNED', seen: false });
    expect(Object.keys(page.data[0]!).sort()).toEqual(['created', 'id', 'message', 'seen', 'type']);
  });

  it('pages with offset as a page index', async () => {
    const second = await get<Paged<NotificationItem>>(
      '/api/notifications?limit=2&offset=1',
      aliceToken,
    );
    expect(second.count).toBe(5);
    expect(second.data.map((n) => n.message)).toEqual(['BADGE_2', 'BADGE_1']);
    const third = await get<Paged<NotificationItem>>(
      '/api/notifications?limit=2&offset=2',
      aliceToken,
    );
    expect(third.data.map((n) => n.message)).toEqual(['BADGE_0']);
  });

  it('never shows another user’s', async () => {
    const alices = await get<Paged<NotificationItem>>('/api/notifications', aliceToken);
    expect(alices.data.map((n) => n.message)).not.toContain('BOBS_OWN');
    const bobs = await get<Paged<NotificationItem>>('/api/notifications', bobToken);
    expect(bobs).toMatchObject({ count: 1, data: [{ message: 'BOBS_OWN' }] });
  });

  it('a visitor must log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
    const seen = await t.app.inject({ method: 'PUT', url: '/api/notifications/seen' });
    expect(seen.statusCode).toBe(401);
  });

  it('marking all seen zeroes one’s own counter and no one else’s', async () => {
    expect(await unseen(alice.id)).toBe(5);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/seen',
      headers: bearer(aliceToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'ok' });

    const alices = await get<Paged<NotificationItem>>('/api/notifications', aliceToken);
    expect(alices.data.every((n) => n.seen)).toBe(true);
    const profile = await get<{ unseen_notifications: number }>(
      `/api/users/${alice.id}`,
      aliceToken,
    );
    expect(profile.unseen_notifications).toBe(0);

    const bobs = await get<Paged<NotificationItem>>('/api/notifications', bobToken);
    expect(bobs.data).toMatchObject([{ message: 'BOBS_OWN', seen: false }]);
    expect(await unseen(bob.id)).toBe(1);
  });
});

describe('task proposal lists', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let admin: User;
  const ids: Record<string, number> = {};

  const list = (url: string, user: User) =>
    t.deps.tokens
      .signUser(user)
      .then((token) =>
        t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
      );

  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    admin = await makeUser(t.db, { admin: true });
    const base = Date.now() - 3_600_000;
    const specs = [
      // name, author, status, minutes after base
      ['alice-old-pending', alice, 'pending', 0],
      ['alice-accepted', alice, 'accepted', 10],
      ['bob-rejected', bob, 'rejected', 20],
      ['bob-pending', bob, 'pending', 5],
      ['alice-new-pending', alice, 'pending', 30],
    ] as const;
    for (const [name, author, status, minutes] of specs) {
      const row = await t.db
        .insertInto('task_proposals')
        .values({
          uid: author.id,
          task_code: name.replace(/-/g, '_'),
          name,
          desc: `desc of ${name}`,
          longdesc: `long description of ${name}`,
          status,
          processed_at: status === 'pending' ? null : new Date(base + minutes * 60_000),
          processed_by: status === 'pending' ? null : admin.id,
          created_at: new Date(base + minutes * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('one lists only one’s own proposals', async () => {
    const res = await list('/api/task_proposals/user/0/5', alice);
    expect(res.statusCode).toBe(200);
    const body = res.json<Paged<TaskProposal>>();
    expect(body.count).toBe(3);
    expect(body.data.every((p) => p.uid === alice.id && p.username === alice.username)).toBe(true);
    expect(body.data.map((p) => p.name).sort()).toEqual([
      'alice-accepted',
      'alice-new-pending',
      'alice-old-pending',
    ]);
    // Pages (page index, page size) are disjoint and together cover the list.
    const first = (await list('/api/task_proposals/user/0/2', alice)).json<Paged<TaskProposal>>();
    const second = (await list('/api/task_proposals/user/1/2', alice)).json<Paged<TaskProposal>>();
    expect(first.count).toBe(3);
    expect(second.count).toBe(3);
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect([...first.data, ...second.data].map((p) => p.id).sort()).toEqual(
      body.data.map((p) => p.id).sort(),
    );
  });

  it('a visitor must log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/task_proposals/user/0/5' });
    expect(res.statusCode).toBe(401);
  });

  it('only an admin lists every proposal', async () => {
    const res = await list('/api/task_proposals/all/0/5', alice);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('an admin sees every proposal, pending first, newest first within each', async () => {
    const res = await list('/api/task_proposals/all/0/5', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json<Paged<TaskProposal>>();
    expect(body.count).toBe(5);
    expect(body.data.map((p) => p.name)).toEqual([
      'alice-new-pending',
      'bob-pending',
      'alice-old-pending',
      'bob-rejected',
      'alice-accepted',
    ]);
    expect(body.data[1]).toMatchObject({
      id: ids['bob-pending'],
      uid: bob.id,
      username: bob.username,
      status: 'pending',
      task_code: 'bob_pending',
      changes: null,
    });
    const second = await list('/api/task_proposals/all/1/3', admin);
    expect(second.json<Paged<TaskProposal>>().data.map((p) => p.name)).toEqual([
      'bob-rejected',
      'alice-accepted',
    ]);
  });

  it('refuses a page size over 100', async () => {
    const res = await list('/api/task_proposals/user/0/101', alice);
    expect(res.statusCode).toBe(400);
  });
});

describe('platform settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the feature flags to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/platform/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      flags: { beta_login: false, fork: true, snapshot: true, dynaboard: true },
    });
    expect(res.json()).toEqual({ flags: t.config.flags });
  });
});
