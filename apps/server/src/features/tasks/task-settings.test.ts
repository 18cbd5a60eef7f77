import { type ErrorBody, type RoundDetail, type TaskDetail } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContext, makeModel, makeTask, makeUser, unique } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

type User = Awaited<ReturnType<typeof makeUser>>;

const FULL_LABELS = 'labels: [negative, positive, neutral]';
/** The starter config with a multiclass field of one label: input.1.labels is wrong. */
const ONE_LABEL_CONFIG = STARTER_CONFIG_YAML.replace(FULL_LABELS, 'labels: [negative]');
const NO_CONTEXT_CONFIG = STARTER_CONFIG_YAML.replace(
  'context:\n  - name: context\n    type: string\n    placeholder: Context\n',
  '',
);
const REWEIGHED_CONFIG = STARTER_CONFIG_YAML.replace(
  'aggregation_metric:\n  type: dynascore\n',
  'aggregation_metric:\n  type: dynascore\n  default_weights:\n    macro_f1: 5\n    examples_per_second: 0\n',
);

describe('task settings, activation, owners, rounds and models in the loop', () => {
  let t: TestApp;
  let owner: User;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.db);
    token = await t.deps.tokens.signUser(owner);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const storedTask = (id: number) =>
    t.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ownedTask = (overrides: Parameters<typeof makeTask>[1] = {}, rounds = 1) =>
    makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML, ...overrides },
      {
        ownerIds: [owner.id],
        rounds,
      },
    );

  it('checks that the test configs are what they claim', () => {
    expect(ONE_LABEL_CONFIG).not.toBe(STARTER_CONFIG_YAML);
    expect(NO_CONTEXT_CONFIG).not.toMatch(/^context:/m);
    expect(REWEIGHED_CONFIG).toContain('default_weights');
  });

  describe('PUT /tasks/update/:id', () => {
    it('changes the settings it is given and keeps the others', async () => {
      const { task } = await ownedTask({ active: false });
      const res = await call('PUT', `/api/tasks/update/${task.id}`, {
        desc: 'New description',
        show_trends: false,
        num_matching_validations: 5,
        context_selection_method: 'uniform',
        config_yaml: REWEIGHED_CONFIG,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TaskDetail>()).toMatchObject({
        desc: 'New description',
        show_trends: false,
        num_matching_validations: 5,
        context_selection_method: 'uniform',
        name: task.name,
      });
      const row = await storedTask(task.id);
      expect(row).toMatchObject({
        desc: 'New description',
        show_trends: false,
        num_matching_validations: 5,
        context_selection_method: 'uniform',
        config_yaml: REWEIGHED_CONFIG,
        name: task.name,
        show_leaderboard: task.show_leaderboard,
      });
    });

    it('refuses an unknown key with 400 and changes nothing', async () => {
      const { task } = await ownedTask({ active: false });
      const res = await call('PUT', `/api/tasks/update/${task.id}`, {
        desc: 'Sneaky',
        active: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().code).toBe('validation_failed');
      expect(await storedTask(task.id)).toMatchObject({ desc: task.desc, active: false });
    });

    it('refuses a broken config with details naming the path and its line', async () => {
      const { task } = await ownedTask({ active: false });
      const line = ONE_LABEL_CONFIG.split('\n').findIndex((l) => l.includes('labels:')) + 1;
      expect(line).toBeGreaterThan(1);
      const res = await call('PUT', `/api/tasks/update/${task.id}`, {
        config_yaml: ONE_LABEL_CONFIG,
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      const paths = body.details!.map((d) => d.path);
      expect(paths).toContain(`config_yaml.input.1.labels:${line}`);
      expect(body.error).toContain('input.1.labels');
      expect((await storedTask(task.id)).config_yaml).toBe(STARTER_CONFIG_YAML);
    });

    it('on an active task refuses any config change but the aggregation weights', async () => {
      const { task } = await ownedTask({ active: true });
      const changed = STARTER_CONFIG_YAML.replace('goal_message: write', 'goal_message: craft');
      const refused = await call('PUT', `/api/tasks/update/${task.id}`, {
        config_yaml: changed,
        desc: 'Not this either',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().details).toEqual([
        expect.objectContaining({ path: 'config_yaml' }),
      ]);
      expect(await storedTask(task.id)).toMatchObject({
        config_yaml: STARTER_CONFIG_YAML,
        desc: task.desc,
      });

      const ok = await call('PUT', `/api/tasks/update/${task.id}`, {
        config_yaml: REWEIGHED_CONFIG,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await storedTask(task.id)).config_yaml).toBe(REWEIGHED_CONFIG);
      expect(ok.json<TaskDetail>().ordered_metrics.map((m) => m.default_weight)).toEqual([5, 0, 1]);
    });

    it('refuses a name another task has, in any case, with 409', async () => {
      const { task: other } = await makeTask(t.db, { name: unique('Taken Name ') });
      const { task } = await ownedTask();
      const res = await call('PUT', `/api/tasks/update/${task.id}`, {
        name: other.name.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect((await storedTask(task.id)).name).toBe(task.name);
      // Its own name in another case is no conflict.
      const same = await call('PUT', `/api/tasks/update/${task.id}`, {
        name: task.name.toUpperCase(),
      });
      expect(same.statusCode).toBe(200);
      expect((await storedTask(task.id)).name).toBe(task.name.toUpperCase());
    });
  });

  describe('PUT /tasks/activate/:id', () => {
    const contextsByRound = async (roundIds: number[]) =>
      Promise.all(
        roundIds.map((id) =>
          t.db.selectFrom('contexts').select('context_json').where('r_realid', '=', id).execute(),
        ),
      );

    it('refuses an invalid config with 400; the task stays inactive and hidden', async () => {
      const { task } = await ownedTask({ active: false, hidden: true, config_yaml: '' });
      const res = await call('PUT', `/api/tasks/activate/${task.id}`, {
        config_yaml: ONE_LABEL_CONFIG,
      });
      expect(res.statusCode).toBe(400);
      expect(await storedTask(task.id)).toMatchObject({
        active: false,
        hidden: true,
        config_yaml: '',
      });
    });

    it('activates with a valid config: active, visible, no context added; once only', async () => {
      const { task, rounds } = await ownedTask({ active: false, hidden: true, config_yaml: '' });
      const res = await call('PUT', `/api/tasks/activate/${task.id}`, {
        config_yaml: STARTER_CONFIG_YAML,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TaskDetail>()).toMatchObject({ active: true, hidden: false });
      expect(await storedTask(task.id)).toMatchObject({
        active: true,
        hidden: false,
        config_yaml: STARTER_CONFIG_YAML,
      });
      // The config has a context field: the owner uploads contexts.
      expect(await contextsByRound([rounds[0]!.id])).toEqual([[]]);

      const again = await call('PUT', `/api/tasks/activate/${task.id}`, {
        config_yaml: NO_CONTEXT_CONFIG,
      });
      expect(again.statusCode).toBe(409);
      expect((await storedTask(task.id)).config_yaml).toBe(STARTER_CONFIG_YAML);
    });

    it('a config without context fields gets one empty context in the current round', async () => {
      const { task, rounds } = await ownedTask({ active: false, config_yaml: '' }, 2);
      const res = await call('PUT', `/api/tasks/activate/${task.id}`, {
        config_yaml: NO_CONTEXT_CONFIG,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await contextsByRound([rounds[0]!.id, rounds[1]!.id])).toEqual([
        [],
        [{ context_json: {} }],
      ]);
    });
  });

  describe('owners', () => {
    it('toggle adds and removes an owner by username in any case', async () => {
      const { task } = await ownedTask();
      const bob = await makeUser(t.db, { username: unique('bob') });
      const added = await call(
        'PUT',
        `/api/tasks/toggle_owner/${task.id}/${bob.username.toUpperCase()}`,
      );
      expect(added.statusCode, added.body).toBe(200);
      const expected = [
        { id: owner.id, username: owner.username },
        { id: bob.id, username: bob.username },
      ].sort((x, y) => x.username.localeCompare(y.username));
      expect(added.json()).toEqual(expected);
      expect((await call('GET', `/api/tasks/owners/${task.id}`)).json()).toEqual(expected);

      const mixed = bob.username.charAt(0).toUpperCase() + bob.username.slice(1);
      const removed = await call('PUT', `/api/tasks/toggle_owner/${task.id}/${mixed}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual([{ id: owner.id, username: owner.username }]);
    });

    it('an unknown or deleted username is a 404', async () => {
      const { task } = await ownedTask();
      const unknown = await call('PUT', `/api/tasks/toggle_owner/${task.id}/${unique('nobody')}`);
      expect(unknown.statusCode).toBe(404);
      const gone = await makeUser(t.db);
      await t.db
        .updateTable('users')
        .set({ deleted_at: new Date() })
        .where('id', '=', gone.id)
        .execute();
      const deleted = await call('PUT', `/api/tasks/toggle_owner/${task.id}/${gone.username}`);
      expect(deleted.statusCode).toBe(404);
    });

    it('refuses to remove the last owner with 409', async () => {
      const { task } = await ownedTask();
      const res = await call('PUT', `/api/tasks/toggle_owner/${task.id}/${owner.username}`);
      expect(res.statusCode).toBe(409);
      expect((await call('GET', `/api/tasks/owners/${task.id}`)).json()).toEqual([
        { id: owner.id, username: owner.username },
      ]);
    });
  });

  describe('rounds', () => {
    it('create_round starts round n+1 without copying contexts; get_all_rounds by rid', async () => {
      const { task, rounds } = await ownedTask();
      await makeContext(t.db, rounds[0]!.id);
      await makeContext(t.db, rounds[0]!.id);

      const second = await call('POST', `/api/tasks/create_round/${task.id}`, {
        desc: 'Second',
        longdesc: 'Harder',
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<RoundDetail>()).toMatchObject({
        tid: task.id,
        rid: 2,
        desc: 'Second',
        longdesc: 'Harder',
        total_collected: 0,
      });
      const third = await call('POST', `/api/tasks/create_round/${task.id}`, {});
      expect(third.json<RoundDetail>()).toMatchObject({ rid: 3, desc: 'Round 3', longdesc: null });

      expect((await storedTask(task.id)).cur_round).toBe(3);
      const detail = (await call('GET', `/api/tasks/${task.id}`)).json<TaskDetail>();
      expect(detail).toMatchObject({ cur_round: 3, round: { rid: 3, id: third.json().id } });

      const count = async (roundId: number) =>
        (await t.db.selectFrom('contexts').select('id').where('r_realid', '=', roundId).execute())
          .length;
      expect(await count(rounds[0]!.id)).toBe(2);
      expect(await count(second.json<RoundDetail>().id)).toBe(0);
      expect(await count(third.json<RoundDetail>().id)).toBe(0);

      const all = await call('GET', `/api/tasks/get_all_rounds/${task.id}`);
      expect(all.json<RoundDetail[]>().map((r) => [r.rid, r.desc])).toEqual([
        [1, 'Round 1'],
        [2, 'Second'],
        [3, 'Round 3'],
      ]);
    });
  });

  describe('models in the loop', () => {
    type Listed = { id: number; uid: number | null; rounds_in_the_loop: number[] };
    let task: Awaited<ReturnType<typeof makeTask>>;
    const m = {} as Record<'live' | 'anon' | 'draft' | 'uploaded' | 'noLight' | 'foreign', number>;

    const model = async (
      tid: number,
      opts: { published: boolean; status: string; light: string | null; anonymous?: boolean },
    ) => {
      const row = await makeModel(t.db, tid, owner.id, {
        is_published: opts.published,
        is_anonymous: opts.anonymous ?? false,
      });
      await t.db
        .updateTable('models')
        .set({ deployment_status: opts.status, light_model: opts.light })
        .where('id', '=', row.id)
        .execute();
      return row.id;
    };

    beforeAll(async () => {
      task = await ownedTask({}, 2);
      const tid = task.task.id;
      m.live = await model(tid, { published: true, status: 'deployed', light: 'http://live' });
      m.anon = await model(tid, {
        published: true,
        status: 'deployed',
        light: 'http://anon',
        anonymous: true,
      });
      m.draft = await model(tid, { published: false, status: 'deployed', light: 'http://d' });
      m.uploaded = await model(tid, { published: true, status: 'uploaded', light: 'http://u' });
      m.noLight = await model(tid, { published: true, status: 'deployed', light: null });
      const { task: other } = await makeTask(t.db, {});
      m.foreign = await model(other.id, { published: true, status: 'deployed', light: 'http://f' });
    });

    const setLoop = (rid: number, payload: Record<string, unknown>) =>
      call('PUT', `/api/tasks/update_models_in_the_loop/${task.task.id}/${rid}`, payload);
    const identifiers = async () => {
      const res = await call('GET', `/api/tasks/get_model_identifiers/${task.task.id}`);
      expect(res.statusCode).toBe(200);
      return new Map(res.json<Listed[]>().map((x) => [x.id, x]));
    };
    const loops = async () => {
      const ids = await identifiers();
      return Object.fromEntries(
        Object.entries(m)
          .filter(([, id]) => ids.has(id))
          .map(([k, id]) => [k, ids.get(id)!.rounds_in_the_loop]),
      );
    };

    it('takes only published models of the task; anything else is a 400 changing nothing', async () => {
      expect((await setLoop(1, { model_ids: [m.live] })).json()).toEqual({ success: 'ok' });
      const before = await loops();
      expect(before.live).toEqual([1]);
      for (const bad of [[m.live, m.draft], [m.foreign], [m.anon, 987654]]) {
        const res = await setLoop(1, { model_ids: bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json<ErrorBody>().error).toContain(String(bad.at(-1)));
        expect(await loops()).toEqual(before);
      }
      expect((await setLoop(9, { model_ids: [m.live] })).statusCode).toBe(404);
    });

    it('sets exactly the given list (replace), per round, shown in rounds_in_the_loop', async () => {
      const res = await setLoop(1, { model_ids: [m.anon, m.uploaded], longdesc: 'New models' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await setLoop(2, { model_ids: [m.anon] })).toHaveProperty('statusCode', 200);
      expect(await loops()).toEqual({
        live: [],
        anon: [1, 2],
        draft: [],
        uploaded: [1],
        noLight: [],
      });
      const round1 = await t.db
        .selectFrom('rounds')
        .select('longdesc')
        .where('id', '=', task.rounds[0]!.id)
        .executeTakeFirstOrThrow();
      expect(round1.longdesc).toBe('New models');

      expect((await setLoop(1, { model_ids: [] })).statusCode).toBe(200);
      expect((await loops()).anon).toEqual([2]);
      expect((await loops()).uploaded).toEqual([]);
    });

    it('get_model_identifiers lists every model of the task, hiding anonymous owners', async () => {
      const ids = await identifiers();
      expect([...ids.keys()].sort((a, b) => a - b)).toEqual(
        [m.live, m.anon, m.draft, m.uploaded, m.noLight].sort((a, b) => a - b),
      );
      expect(ids.get(m.live)).toMatchObject({ uid: owner.id, username: owner.username });
      expect(ids.get(m.anon)).toMatchObject({ uid: null, username: null });
    });

    it('get_models_in_the_loop lists only published, deployed models with a light model', async () => {
      const res = await call('GET', `/api/tasks/get_models_in_the_loop/${task.task.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Listed[]>().map((x) => x.id)).toEqual([m.live, m.anon].sort((a, b) => a - b));
    });
  });
});
