import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLeaderboardView, makeModel, makeTask, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

type User = Awaited<ReturnType<typeof makeUser>>;
type Task = Awaited<ReturnType<typeof makeTask>>;

interface Paged<T> {
  count: number;
  data: T[];
}
interface ModelItem {
  id: number;
  name: string;
  is_published: boolean;
  task: { id: number; task_code: string; name: string };
}
interface ViewItem {
  name: string;
  desc: string | null;
  create_datetime: string;
  tid: number;
  task: { task_code: string };
}

describe('lists of a user', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let admin: User;
  let aliceToken: string;
  let bobToken: string;
  let task: Task;
  /** Alice's models, newest first. */
  const models: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    admin = await makeUser(t.db, { admin: true });
    aliceToken = await t.deps.tokens.signUser(alice);
    bobToken = await t.deps.tokens.signUser(bob);
    task = await makeTask(t.db, {}, { ownerIds: [alice.id] });
    const base = Date.now() - 3_600_000;
    const specs = [
      ['m1', true, false],
      ['m2', false, false], // unpublished
      ['m3', true, true], // anonymous
      ['m4', true, false],
      ['m5', true, false],
    ] as const;
    for (const [i, [name, published, anonymous]] of specs.entries()) {
      const row = await makeModel(t.db, task.task.id, alice.id, {
        name,
        is_published: published,
        is_anonymous: anonymous,
        upload_datetime: new Date(base + i * 60_000),
      });
      models[name] = row.id;
    }
    await makeModel(t.db, task.task.id, bob.id, { name: 'bobs-model' });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string, token: string | null, status = 200) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };

  describe('models', () => {
    it('one sees all of one’s models, newest first, with their task', async () => {
      const page = await get<Paged<ModelItem>>(`/api/users/${alice.id}/models`, aliceToken);
      expect(page.count).toBe(5);
      expect(page.data.map((m) => m.name)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
      expect(page.data[0]).toEqual({
        id: models.m5,
        name: 'm5',
        is_published: true,
        task: { id: task.task.id, task_code: task.task.task_code, name: task.task.name },
      });
    });

    it('offset is a page index', async () => {
      const page = await get<Paged<ModelItem>>(
        `/api/users/${alice.id}/models?limit=2&offset=1`,
        aliceToken,
      );
      expect(page.count).toBe(5);
      expect(page.data.map((m) => m.name)).toEqual(['m3', 'm2']);
      const last = await get<Paged<ModelItem>>(
        `/api/users/${alice.id}/models?limit=2&offset=2`,
        aliceToken,
      );
      expect(last.data.map((m) => m.name)).toEqual(['m1']);
      const beyond = await get<Paged<ModelItem>>(
        `/api/users/${alice.id}/models?limit=2&offset=3`,
        aliceToken,
      );
      expect(beyond).toEqual({ count: 5, data: [] });
    });

    it('others, and visitors, see only published, non-anonymous models', async () => {
      for (const token of [bobToken, null]) {
        const page = await get<Paged<ModelItem>>(`/api/users/${alice.id}/models`, token);
        expect(page.count).toBe(3);
        expect(page.data.map((m) => m.name)).toEqual(['m5', 'm4', 'm1']);
      }
      const paged = await get<Paged<ModelItem>>(
        `/api/users/${alice.id}/models?limit=2&offset=1`,
        bobToken,
      );
      expect(paged).toMatchObject({ count: 3, data: [{ name: 'm1' }] });
    });

    it('an admin sees every model', async () => {
      const token = await t.deps.tokens.signUser(admin);
      const page = await get<Paged<ModelItem>>(`/api/users/${alice.id}/models`, token);
      expect(page.count).toBe(5);
    });

    it('refuses a page size over 100 and a negative offset', async () => {
      await get(`/api/users/${alice.id}/models?limit=101`, aliceToken, 400);
      await get(`/api/users/${alice.id}/models?offset=-1`, aliceToken, 400);
    });

    it('an unknown user is a 404', async () => {
      await get('/api/users/987654/models', aliceToken, 404);
    });
  });

  describe('tasks', () => {
    it('lists the tasks a user owns, to anyone', async () => {
      const second = await makeTask(t.db, {}, { ownerIds: [alice.id, bob.id] });
      await makeTask(t.db, {}, { ownerIds: [bob.id] });
      for (const token of [aliceToken, bobToken, null]) {
        const page = await get<Paged<{ id: number; task_code: string; active: boolean }>>(
          `/api/users/${alice.id}/tasks`,
          token,
        );
        expect(page.count).toBe(2);
        expect(page.data.map((d) => d.task_code)).toEqual([
          task.task.task_code,
          second.task.task_code,
        ]);
      }
      const paged = await get<Paged<{ task_code: string }>>(
        `/api/users/${alice.id}/tasks?limit=1&offset=1`,
        null,
      );
      expect(paged).toMatchObject({ count: 2, data: [{ task_code: second.task.task_code }] });
    });
  });

  describe.each(['forks', 'snapshots'] as const)('%s', (list) => {
    const kind = list === 'forks' ? 'fork' : 'snapshot';
    let names: string[];
    beforeAll(async () => {
      names = [];
      for (let i = 0; i < 3; i++) {
        names.push((await makeLeaderboardView(t.db, kind, task.task.id, alice.id)).name);
      }
      await makeLeaderboardView(t.db, kind, task.task.id, bob.id);
    });

    it('one lists one’s own, newest first, with the task code', async () => {
      const page = await get<Paged<ViewItem>>(`/api/users/${alice.id}/${list}`, aliceToken);
      expect(page.count).toBe(3);
      expect(page.data.map((d) => d.name)).toEqual([...names].reverse());
      expect(page.data[0]).toMatchObject({
        tid: task.task.id,
        task: { task_code: task.task.task_code },
        desc: expect.stringContaining(names[2]!),
      });
      const second = await get<Paged<ViewItem>>(
        `/api/users/${alice.id}/${list}?limit=2&offset=1`,
        aliceToken,
      );
      expect(second).toMatchObject({ count: 3, data: [{ name: names[0] }] });
    });

    it('another user may not list them', async () => {
      const res = await get<{ code: string }>(`/api/users/${alice.id}/${list}`, bobToken, 403);
      expect(res.code).toBe('forbidden');
    });

    it('a visitor must log in', async () => {
      await get(`/api/users/${alice.id}/${list}`, null, 401);
    });
  });
});
