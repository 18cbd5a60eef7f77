import fs from 'node:fs/promises';
import path from 'node:path';
import { type Dataset, type ErrorBody } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDataset,
  makeModel,
  makeTask,
  makeUser,
  multipartBody,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

type Task = Awaited<ReturnType<typeof makeTask>>['task'];
interface Created {
  success: 'ok';
  dataset: Dataset;
  updated_existing_dataset: boolean;
  evaluations_queued: number;
}

const QA_CONFIG = `perf_metric:
  type: squad_f1
  reference_name: answer
model_wrong_metric:
  type: string_f1
  reference_name: answer
  threshold: 0.4
context:
  - name: passage
    type: string
input:
  - name: question
    type: string
  - name: answer
    type: context_string_selection
    reference_name: passage
output:
  - name: answer
`;

const line = (uid: string, label = 'positive', statement = `Statement ${uid}`) =>
  JSON.stringify({ uid, tags: ['t'], statement, label });
const jsonl = (lines: string[]) => Buffer.from(lines.join('\n'));

describe('datasets', () => {
  let t: TestApp;
  let token: string;
  let ownerId: number;
  let task: Task;
  let evaluable: number[];

  const model = async (tid: number, status: string) => {
    const row = await makeModel(t.db, tid, ownerId);
    await t.db
      .updateTable('models')
      .set({ deployment_status: status })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  };
  /** A task of the owner with three models to evaluate and two that cannot be evaluated. */
  const ownTask = async () => {
    const { task: own } = await makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML },
      { ownerIds: [ownerId] },
    );
    const evaluable: number[] = [];
    for (const status of ['deployed', 'created', 'predictions_upload'])
      evaluable.push(await model(own.id, status));
    await model(own.id, 'uploaded');
    await model(own.id, 'failed');
    return { task: own, evaluable };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await makeUser(t.db);
    ownerId = owner.id;
    token = await t.deps.tokens.signUser(owner);
    ({ task, evaluable } = await ownTask());
    const { task: other } = await makeTask(t.db, { config_yaml: STARTER_CONFIG_YAML });
    await model(other.id, 'deployed');
  });
  afterAll(async () => {
    await t.close();
  });

  const headers = (extra: Record<string, string> = {}) => ({
    ...extra,
    authorization: `Bearer ${token}`,
  });
  const upload = (tid: number, name: string, content: Buffer) => {
    const body = multipartBody({ filename: `${name}.jsonl`, content });
    return t.app.inject({
      method: 'POST',
      url: `/api/datasets/create/${tid}/${name}`,
      payload: body.payload,
      headers: headers(body.headers),
    });
  };
  const datasetRow = (tid: number, name: string) =>
    t.db
      .selectFrom('datasets')
      .selectAll()
      .where('tid', '=', tid)
      .where('name', '=', name)
      .executeTakeFirst();
  const jobs = (did: number) =>
    t.db.selectFrom('evaluation_jobs').selectAll().where('did', '=', did).orderBy('mid').execute();
  const blobFiles = async (taskCode: string) =>
    fs.readdir(path.join(t.tmpDir, 'blobs', 'datasets', taskCode)).catch(() => [] as string[]);

  /** A task of its own with a stored dataset `dev-set` of three lines. */
  const withDevSet = async () => {
    const own = await ownTask();
    const lines = [line('1'), line('2', 'negative'), line('3', 'neutral')];
    const res = await upload(own.task.id, 'dev-set', jsonl(lines));
    expect(res.statusCode, res.body).toBe(200);
    return own;
  };

  describe('upload', () => {
    it('stores a good file hidden, with its lines, and queues every evaluable model', async () => {
      const { task, evaluable } = await ownTask();
      const lines = [line('1'), line('2', 'negative'), line('3', 'neutral')];
      const res = await upload(task.id, 'dev-set', jsonl(lines));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Created>();
      expect(body).toMatchObject({
        success: 'ok',
        updated_existing_dataset: false,
        evaluations_queued: 3,
        dataset: { tid: task.id, name: 'dev-set', access_type: 'hidden', line_count: 3, rid: 0 },
      });
      const row = (await datasetRow(task.id, 'dev-set'))!;
      expect(row).toMatchObject({ id: body.dataset.id, access_type: 'hidden', line_count: 3 });
      expect(row.blob_key).toMatch(new RegExp(`^datasets/${task.task_code}/dev-set-`));
      expect((await t.storage.get(row.blob_key!)).toString()).toBe(`${lines.join('\n')}\n`);

      const queued = await jobs(row.id);
      expect(queued.map((j) => j.mid)).toEqual([...evaluable].sort((a, b) => a - b));
      expect(queued.every((j) => j.status === 'pre_evaluation' && j.attempts === 0)).toBe(true);
    });

    it('a re-upload replaces the file of the same dataset and resets its evaluations', async () => {
      const { task } = await withDevSet();
      const before = (await datasetRow(task.id, 'dev-set'))!;
      await t.db
        .updateTable('evaluation_jobs')
        .set({ status: 'completed', attempts: 2, error: 'old', finished_at: new Date() })
        .where('did', '=', before.id)
        .execute();
      const jobIds = (await jobs(before.id)).map((j) => j.id);

      const lines = ['1', '2', '3', '4', '5'].map((uid) => line(uid));
      const res = await upload(task.id, 'dev-set', jsonl(lines));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Created>()).toMatchObject({
        updated_existing_dataset: true,
        evaluations_queued: 3,
        dataset: { id: before.id, line_count: 5 },
      });
      const after = (await datasetRow(task.id, 'dev-set'))!;
      expect(after.line_count).toBe(5);
      expect(after.blob_key).not.toBe(before.blob_key);
      expect(await t.storage.exists(before.blob_key!)).toBe(false);
      expect((await t.storage.get(after.blob_key!)).toString()).toBe(`${lines.join('\n')}\n`);
      expect(await blobFiles(task.task_code)).toEqual([path.basename(after.blob_key!)]);

      const reset = await jobs(before.id);
      expect(reset.map((j) => j.id)).toEqual(jobIds);
      for (const job of reset)
        expect(job).toMatchObject({
          status: 'pre_evaluation',
          attempts: 0,
          error: null,
          finished_at: null,
        });
    });

    it('refuses a bad file with every bad line and field; stores no row and no file', async () => {
      const { task: fresh } = await makeTask(
        t.db,
        { config_yaml: STARTER_CONFIG_YAML },
        { ownerIds: [ownerId] },
      );
      const res = await upload(
        fresh.id,
        'broken',
        jsonl([
          line('a'),
          '{not json',
          JSON.stringify({ uid: 'b', tags: [], label: 'positive' }),
          line('c', 'bogus'),
          line('a', 'negative'),
          JSON.stringify({ uid: 'd', tags: 'nope', statement: 'x', label: 'neutral' }),
        ]),
      );
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.details!.map((d) => d.path)).toEqual([
        'line 2',
        'line 3.statement',
        'line 4.label',
        'line 5.uid',
        'line 6.tags',
      ]);
      expect(body.error).toContain('line 2');
      expect(await datasetRow(fresh.id, 'broken')).toBeUndefined();
      expect(await blobFiles(fresh.task_code)).toEqual([]);
    });

    it('a bad re-upload leaves the stored dataset as it was', async () => {
      const { task } = await withDevSet();
      const before = (await datasetRow(task.id, 'dev-set'))!;
      const res = await upload(task.id, 'dev-set', jsonl([line('9'), line('9')]));
      expect(res.statusCode).toBe(400);
      expect(await datasetRow(task.id, 'dev-set')).toEqual(before);
      expect(await t.storage.exists(before.blob_key!)).toBe(true);
      expect(await blobFiles(task.task_code)).toEqual([path.basename(before.blob_key!)]);
    });

    it('checks a context_string_selection answer against its passage', async () => {
      const { task: qa } = await makeTask(
        t.db,
        { config_yaml: QA_CONFIG },
        { ownerIds: [ownerId] },
      );
      const passage = 'The cat sat on the mat.';
      const qaLine = (uid: string, answer: string) =>
        JSON.stringify({ uid, tags: [], passage, question: 'Where?', answer });
      const bad = await upload(
        qa.id,
        'qa',
        jsonl([qaLine('1', 'on the mat'), qaLine('2', 'a hat')]),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().details).toEqual([
        { path: 'line 2.answer', message: 'must be a passage of passage' },
      ]);
      expect(await datasetRow(qa.id, 'qa')).toBeUndefined();
      expect(await blobFiles(qa.task_code)).toEqual([]);

      const good = await upload(
        qa.id,
        'qa',
        jsonl([qaLine('1', 'on the mat'), qaLine('2', 'cat')]),
      );
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json<Created>().dataset.line_count).toBe(2);
    });

    it('refuses an invalid name (400) and a body that is not multipart (415)', async () => {
      for (const name of ['bad_name', 'a.b', 'x'.repeat(63)]) {
        const res = await upload(task.id, name, jsonl([line('1')]));
        expect(res.statusCode, name).toBe(400);
        expect(await datasetRow(task.id, name)).toBeUndefined();
      }
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/datasets/create/${task.id}/plain`,
        payload: { file: line('1') },
        headers: headers(),
      });
      expect(res.statusCode).toBe(415);
      expect(await datasetRow(task.id, 'plain')).toBeUndefined();
    });

    it('streams a file of 20,000 lines (larger than the JSON body limit)', async () => {
      const pad = 'x'.repeat(100);
      const lines = Array.from({ length: 20_000 }, (_, i) =>
        line(`u${i}`, 'neutral', `${pad}${i}`),
      );
      const content = jsonl(lines);
      expect(content.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await upload(task.id, 'big', content);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Created>().dataset.line_count).toBe(20_000);
      const row = (await datasetRow(task.id, 'big'))!;
      const stored = (await t.storage.get(row.blob_key!)).toString().trimEnd().split('\n');
      expect(stored).toHaveLength(20_000);
      expect(stored.at(-1)).toBe(lines.at(-1));
    });
  });

  describe('PUT /datasets/update/:id', () => {
    const update = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/datasets/update/${id}`,
        payload,
        headers: headers(),
      });

    it('changes access, weight, round, source and description', async () => {
      const dataset = await makeDataset(t.db, task.id);
      // Every field sent is answered and stored as sent.
      const changes = {
        access_type: 'scoring',
        log_access_type: 'user',
        weight: 2.5,
        rid: 1,
        longdesc: 'Test data',
        source_url: 'https://data.example.test/set',
      };
      const res = await update(dataset.id, changes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Dataset>()).toMatchObject({ id: dataset.id, ...changes });
      expect(await datasetRow(task.id, dataset.name)).toMatchObject(changes);
    });

    it('refuses a weight out of 0..5, an unknown access type or key (400), changing nothing', async () => {
      const dataset = await makeDataset(t.db, task.id, { weight: 1 });
      for (const payload of [
        { weight: 5.5 },
        { weight: -1 },
        { access_type: 'public' },
        { name: 'renamed' },
        { weight: 3, tid: 1 },
      ]) {
        const res = await update(dataset.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<ErrorBody>().code).toBe('validation_failed');
      }
      expect(await datasetRow(task.id, dataset.name)).toEqual(dataset);
      expect((await update(987654, { weight: 1 })).statusCode).toBe(404);
    });
  });

  describe('DELETE /datasets/delete/:id', () => {
    it('removes the row, its scores, its evaluations and its file', async () => {
      const res = await upload(task.id, 'doomed', jsonl([line('1')]));
      expect(res.statusCode, res.body).toBe(200);
      const row = (await datasetRow(task.id, 'doomed'))!;
      await t.db
        .insertInto('scores')
        .values({ mid: evaluable[0]!, did: row.id, perf: 50 })
        .execute();
      expect(await jobs(row.id)).toHaveLength(3);

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/datasets/delete/${row.id}`,
        headers: headers(),
      });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ success: 'ok' });
      expect(await datasetRow(task.id, 'doomed')).toBeUndefined();
      const scores = await t.db
        .selectFrom('scores')
        .select('id')
        .where('did', '=', row.id)
        .execute();
      expect(scores).toEqual([]);
      expect(await jobs(row.id)).toEqual([]);
      expect(await t.storage.exists(row.blob_key!)).toBe(false);
      expect(await blobFiles(task.task_code)).not.toContain(path.basename(row.blob_key!));

      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/datasets/delete/${row.id}`,
        headers: headers(),
      });
      expect(again.statusCode).toBe(404);
    });
  });

  it('GET /tasks/datasets/:id lists the datasets of the task by id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/datasets/${task.id}`,
      headers: headers(),
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('datasets')
      .select(['id', 'name'])
      .where('tid', '=', task.id)
      .orderBy('id')
      .execute();
    expect(res.json<Dataset[]>().map((d) => ({ id: d.id, name: d.name }))).toEqual(rows);
  });
});
