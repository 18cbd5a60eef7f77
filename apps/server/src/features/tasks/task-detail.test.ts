import { taskDetail, type RoundDetail, type TaskDetail } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDataset,
  makeModel,
  makeOwnedTask,
  makeTask,
  makeUser,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

type Task = Awaited<ReturnType<typeof makeTask>>;

const TRAIN_FILE_CONFIG = `${STARTER_CONFIG_YAML}train_file_metric:
  type: dataperf
  reference_name: label
  seeds: 3
  test_labels: [positive]
`;

const STARTER_METRICS = [
  {
    name: 'Macro F1',
    field_name: 'macro_f1',
    default_weight: 4,
    unit: '%',
    utility_direction: 1,
    offset: 0,
  },
  {
    name: 'Throughput',
    field_name: 'examples_per_second',
    default_weight: 1,
    unit: 'examples/second',
    utility_direction: 1,
    offset: 0,
  },
  {
    name: 'Memory',
    field_name: 'memory_utilization',
    default_weight: 1,
    unit: 'GiB',
    utility_direction: -1,
    offset: 32,
  },
];

describe('task detail, rounds, trends and model I/O', () => {
  let t: TestApp;
  let ownerToken: string;
  let adminToken: string;
  let strangerToken: string;
  let task: Awaited<ReturnType<typeof makeOwnedTask>>;

  beforeAll(async () => {
    t = await createTestApp();
    task = await makeOwnedTask(t.db);
    ownerToken = await t.deps.tokens.signUser(task.owner);
    adminToken = await t.deps.tokens.signUser(await makeUser(t.db, { admin: true }));
    strangerToken = await t.deps.tokens.signUser(await makeUser(t.db));
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null = null) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const detailOf = async (idOrCode: string | number) => {
    const res = await get(`/api/tasks/${idOrCode}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TaskDetail>();
  };

  describe('GET /tasks/:task', () => {
    it('finds the task by id and by its code in any case', async () => {
      const byId = await detailOf(task.task.id);
      expect(taskDetail.parse(byId)).toEqual(byId);
      expect(byId).toMatchObject({
        id: task.task.id,
        task_code: task.task.task_code,
        cur_round: 2,
        round: { id: task.rounds[1]!.id, rid: 2, cur_round: 2 },
      });
      for (const code of [
        task.task.task_code,
        task.task.task_code.toUpperCase(),
        task.task.task_code.charAt(0).toUpperCase() + task.task.task_code.slice(1),
      ]) {
        expect((await detailOf(code)).id).toBe(task.task.id);
      }
      expect((await get('/api/tasks/no-such-task')).statusCode).toBe(404);
      expect((await get('/api/tasks/987654')).statusCode).toBe(404);
    });

    it('orders the metrics of the starter config: Macro F1, Throughput, Memory (4, 1, 1)', async () => {
      const detail = await detailOf(task.task.id);
      expect(detail.ordered_metrics).toEqual(STARTER_METRICS);
      expect(detail.perf_metric_field_name).toBe('label');
      expect(detail.has_train_file_upload).toBe(false);
    });

    it('drops the compute metrics when the task scores uploaded predictions', async () => {
      const { task: uploads } = await makeTask(t.db, {
        config_yaml: STARTER_CONFIG_YAML,
        has_predictions_upload: true,
      });
      const detail = await detailOf(uploads.id);
      expect(detail.has_predictions_upload).toBe(true);
      expect(detail.ordered_metrics).toEqual([STARTER_METRICS[0]]);
    });

    it('has_train_file_upload comes from a config with train_file_metric', async () => {
      const { task: trainFiles } = await makeTask(t.db, { config_yaml: TRAIN_FILE_CONFIG });
      const detail = await detailOf(trainFiles.id);
      expect(detail.has_train_file_upload).toBe(true);
      expect(detail.ordered_metrics.map((m) => m.field_name)).toEqual(['macro_f1']);
    });

    it('a task without a valid config has no metrics and no perf field', async () => {
      const { task: bare } = await makeTask(t.db, { config_yaml: '' });
      const detail = await detailOf(bare.id);
      expect(detail.ordered_metrics).toEqual([]);
      expect(detail.perf_metric_field_name).toBeNull();
    });

    it('lists only scoring datasets, by id, weighing 5 unless they carry a weight', async () => {
      const { task: scored } = await makeTask(t.db, { config_yaml: STARTER_CONFIG_YAML });
      // Created in an order where names and ids disagree.
      const zeta = await makeDataset(t.db, scored.id, { name: 'zeta', access_type: 'scoring' });
      const hiddenSet = await makeDataset(t.db, scored.id, { name: 'beta', access_type: 'hidden' });
      const alpha = await makeDataset(t.db, scored.id, {
        name: 'alpha',
        access_type: 'scoring',
        weight: 2.5,
      });
      const standard = await makeDataset(t.db, scored.id, {
        name: 'aaa',
        access_type: 'standard',
      });
      const detail = await detailOf(scored.id);
      expect(detail.ordered_scoring_datasets).toEqual([
        { id: zeta.id, name: 'zeta', default_weight: 5 },
        { id: alpha.id, name: 'alpha', default_weight: 2.5 },
      ]);
      expect(detail.ordered_datasets).toEqual([
        { id: zeta.id, name: 'zeta' },
        { id: hiddenSet.id, name: 'beta' },
        { id: alpha.id, name: 'alpha' },
        { id: standard.id, name: 'aaa' },
      ]);
    });
  });

  describe('rounds', () => {
    it('GET /tasks/:task/:round answers one round, 404 for a missing one', async () => {
      const res = await get(`/api/tasks/${task.task.task_code.toUpperCase()}/1`);
      expect(res.statusCode).toBe(200);
      expect(res.json<RoundDetail>()).toMatchObject({
        id: task.rounds[0]!.id,
        tid: task.task.id,
        rid: 1,
        desc: 'Round 1',
        end_datetime: null,
      });
      expect(Number.isNaN(Date.parse(res.json<RoundDetail>().start_datetime))).toBe(false);
      expect((await get(`/api/tasks/${task.task.id}/3`)).statusCode).toBe(404);
      expect((await get(`/api/tasks/${task.task.id}/99`)).json().code).toBe('not_found');
    });

    it('never sends a round secret in any task or round response', async () => {
      // A task of its own: this test adds a round.
      const own = await makeOwnedTask(t.db);
      const ownToken = await t.deps.tokens.signUser(own.owner);
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/create_round/${own.task.id}`,
        payload: { desc: 'A third round' },
        headers: bearer(ownToken),
      });
      expect(created.statusCode).toBe(200);
      const secrets = (
        await t.db.selectFrom('rounds').select('secret').where('tid', '=', own.task.id).execute()
      ).map((r) => r.secret);
      expect(secrets).toHaveLength(3);
      const bodies = [
        created.body,
        (await get(`/api/tasks/${own.task.id}`)).body,
        (await get(`/api/tasks/${own.task.id}`, adminToken)).body,
        (await get(`/api/tasks/${own.task.id}/1`)).body,
        (await get(`/api/tasks/${own.task.id}/3`, ownToken)).body,
        (await get(`/api/tasks/get_all_rounds/${own.task.id}`, ownToken)).body,
        (await get('/api/tasks')).body,
      ];
      for (const body of bodies) {
        expect(body).not.toMatch(/"secret"/);
        for (const secret of secrets) expect(body).not.toContain(secret);
      }
    });
  });

  describe('GET /tasks/:id/trends', () => {
    let trendTask: Task;
    let a: Awaited<ReturnType<typeof makeModel>>;
    let b: Awaited<ReturnType<typeof makeModel>>;
    let hiddenModel: Awaited<ReturnType<typeof makeModel>>;

    beforeAll(async () => {
      trendTask = await makeTask(t.db, { config_yaml: STARTER_CONFIG_YAML }, { rounds: 2 });
      const tid = trendTask.task.id;
      a = await makeModel(t.db, tid, null, { name: 'Alpha' });
      b = await makeModel(t.db, tid, null, { name: 'Beta' });
      hiddenModel = await makeModel(t.db, tid, null, { name: 'Draft', is_published: false });
      const r1 = await makeDataset(t.db, tid, { rid: 1, access_type: 'scoring' }); // weight 5
      const r1b = await makeDataset(t.db, tid, { rid: 1, access_type: 'scoring', weight: 1 });
      const r2 = await makeDataset(t.db, tid, { rid: 2, access_type: 'scoring', weight: 2 });
      // Neither counts: a standard dataset, and a scoring one tied to no round.
      const standard = await makeDataset(t.db, tid, { rid: 1, access_type: 'standard' });
      const roundless = await makeDataset(t.db, tid, { rid: 0, access_type: 'scoring' });
      const score = (mid: number, did: number, perf: number) => ({ mid, did, perf });
      await t.db
        .insertInto('scores')
        .values([
          score(a.id, r1.id, 80),
          score(a.id, r1b.id, 50),
          score(a.id, r2.id, 60),
          score(b.id, r1.id, 70),
          score(b.id, r1b.id, 70),
          score(b.id, r2.id, 90),
          score(a.id, standard.id, 1),
          score(b.id, roundless.id, 1),
          score(hiddenModel.id, r1.id, 40),
        ])
        .execute();
    });

    const showUnpublished = (show: boolean) =>
      t.db
        .updateTable('tasks')
        .set({ unpublished_models_in_leaderboard: show })
        .where('id', '=', trendTask.task.id)
        .execute();
    const trends = async () => {
      const res = await get(`/api/tasks/${trendTask.task.id}/trends`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Array<Record<string, number>>>();
    };

    it('gives each published model its perf per round, weighted by dataset weight', async () => {
      await showUnpublished(false);
      expect(await trends()).toEqual([
        // (5·80 + 1·50) / 6 = 75
        { round: 1, [`Alpha_${a.id}`]: 75, [`Beta_${b.id}`]: 70 },
        { round: 2, [`Alpha_${a.id}`]: 60, [`Beta_${b.id}`]: 90 },
      ]);
    });

    it('includes unpublished models only when the task shows them on its leaderboard', async () => {
      await showUnpublished(true);
      const rows = await trends();
      expect(rows[0]).toEqual({
        round: 1,
        [`Alpha_${a.id}`]: 75,
        [`Beta_${b.id}`]: 70,
        [`Draft_${hiddenModel.id}`]: 40,
      });
      expect(rows[1]).not.toHaveProperty(`Draft_${hiddenModel.id}`);
    });
  });

  describe('GET /tasks/admin_or_owner/:id', () => {
    it('is true for owners and admins, false for others and visitors', async () => {
      const ask = async (token: string | null) =>
        (await get(`/api/tasks/admin_or_owner/${task.task.id}`, token)).json<{
          admin_or_owner: boolean;
        }>().admin_or_owner;
      expect(await ask(ownerToken)).toBe(true);
      expect(await ask(adminToken)).toBe(true);
      expect(await ask(strangerToken)).toBe(false);
      expect(await ask(null)).toBe(false);
      expect((await get('/api/tasks/admin_or_owner/987654', ownerToken)).statusCode).toBe(404);
    });
  });

  describe('POST /tasks/:task/convert_to_model_io', () => {
    it('keeps the context and the statement, strips the target and unknown fields', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.task.task_code}/convert_to_model_io`,
        payload: {
          data: { context: 'It rained.', statement: 'Nice weather', label: 'negative', x: 1 },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { context: 'It rained.', statement: 'Nice weather' } });
    });

    it('leaves out fields that were not sent; a task without config is a 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.task.id}/convert_to_model_io`,
        payload: { data: { statement: 'Only this', label: 'positive' } },
      });
      expect(res.json()).toEqual({ data: { statement: 'Only this' } });
      const { task: bare } = await makeTask(t.db, { config_yaml: '' });
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${bare.id}/convert_to_model_io`,
        payload: { data: { statement: 'x' } },
      });
      expect(refused.statusCode).toBe(400);
    });
  });
});
