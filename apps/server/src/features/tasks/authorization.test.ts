import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDataset,
  makeModel,
  makeTask,
  makeUser,
  multipartBody,
  unique,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from '../proposals/starter-config.js';

/**
 * Who may call each route of task administration. Every request is valid for its route, so
 * that authorization alone decides the answer: each allowed cell answers 200.
 */

const ACTORS = ['visitor', 'user', 'other owner', 'task owner', 'admin'] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

/** The expected status of each actor, in the order of ACTORS. */
const statuses = (...codes: [number, number, number, number, number]): Expected =>
  Object.fromEntries(ACTORS.map((actor, i) => [actor, codes[i]!])) as Expected;

const PUBLIC = statuses(200, 200, 200, 200, 200);
const OWNERS = statuses(401, 403, 403, 200, 200);
/** A hidden task does not exist for those who may not see it. */
const HIDDEN = statuses(404, 404, 404, 200, 200);
const LOGGED_IN = statuses(401, 200, 200, 200, 200);
const ADMINS = statuses(401, 403, 403, 403, 200);

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
  /** Runs after the call: what a refused call must have left as it was, or an allowed one did. */
  after?: (allowed: boolean) => Promise<void>;
}

interface RouteCase {
  route: string;
  expected: Expected;
  /** Builds a valid request; state-changing routes make fresh objects for each cell. */
  call: () => Promise<Call>;
}

describe('task administration: who may call what', () => {
  let t: TestApp;
  const tokens = new Map<ActorName, string | null>();
  let hidden: Awaited<ReturnType<typeof makeTask>>;
  let visible: Awaited<ReturnType<typeof makeTask>>;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;
  let modelId: number;
  let datasetId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.db);
    stranger = await makeUser(t.db);
    const otherOwner = await makeUser(t.db);
    const admin = await makeUser(t.db, { admin: true });
    tokens.set('visitor', null);
    tokens.set('user', await t.deps.tokens.signUser(stranger));
    tokens.set('other owner', await t.deps.tokens.signUser(otherOwner));
    tokens.set('task owner', await t.deps.tokens.signUser(owner));
    tokens.set('admin', await t.deps.tokens.signUser(admin));
    hidden = await makeTask(
      t.db,
      { config_yaml: STARTER_CONFIG_YAML, hidden: true },
      { ownerIds: [owner.id], rounds: 2 },
    );
    visible = await makeTask(t.db, { config_yaml: STARTER_CONFIG_YAML }, { ownerIds: [owner.id] });
    await makeTask(t.db, { config_yaml: STARTER_CONFIG_YAML }, { ownerIds: [otherOwner.id] });
    modelId = (await makeModel(t.db, hidden.task.id, owner.id, { is_published: true })).id;
    datasetId = (await makeDataset(t.db, hidden.task.id)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const tid = () => hidden.task.id;
  const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n'));
  const freshInactiveTask = () =>
    makeTask(t.db, { active: false, hidden: true }, { ownerIds: [owner.id] });
  const freshProposal = () =>
    t.db
      .insertInto('task_proposals')
      .values({
        uid: stranger.id,
        task_code: unique('prop'),
        name: unique('Proposal '),
        desc: 'A proposal',
        longdesc: 'A proposal to decide',
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  const freshRemoteModel = async () => {
    const model = await makeModel(t.db, tid(), owner.id);
    return t.db
      .updateTable('models')
      .set({ kind: 'remote', light_model: 'https://models.example.org/predict' })
      .where('id', '=', model.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  };

  const CASES: RouteCase[] = [
    {
      route: 'GET /tasks/:task (hidden task)',
      expected: HIDDEN,
      call: async () => ({ method: 'GET', url: `/api/tasks/${hidden.task.task_code}` }),
    },
    {
      route: 'GET /tasks/:task/:round (hidden task)',
      expected: HIDDEN,
      call: async () => ({ method: 'GET', url: `/api/tasks/${tid()}/1` }),
    },
    {
      route: 'GET /tasks/:id/trends (hidden task)',
      expected: HIDDEN,
      call: async () => ({ method: 'GET', url: `/api/tasks/${tid()}/trends` }),
    },
    {
      route: 'GET /tasks/admin_or_owner/:id',
      expected: PUBLIC,
      call: async () => ({ method: 'GET', url: `/api/tasks/admin_or_owner/${tid()}` }),
    },
    {
      route: 'PUT /tasks/update/:id',
      expected: OWNERS,
      call: async () => {
        const desc = unique('desc ');
        return {
          method: 'PUT',
          url: `/api/tasks/update/${tid()}`,
          payload: { desc },
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('tasks')
              .select('desc')
              .where('id', '=', tid())
              .executeTakeFirstOrThrow();
            expect(row.desc === desc).toBe(allowed);
          },
        };
      },
    },
    {
      route: 'PUT /tasks/toggle_owner/:id/:username',
      expected: OWNERS,
      call: async () => {
        const newcomer = await makeUser(t.db);
        return {
          method: 'PUT',
          url: `/api/tasks/toggle_owner/${tid()}/${newcomer.username}`,
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('task_user_permissions')
              .select('id')
              .where('tid', '=', tid())
              .where('uid', '=', newcomer.id)
              .executeTakeFirst();
            expect(Boolean(row)).toBe(allowed);
          },
        };
      },
    },
    {
      route: 'GET /tasks/owners/:id',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/owners/${tid()}` }),
    },
    {
      route: 'GET /tasks/get_all_rounds/:id',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/get_all_rounds/${tid()}` }),
    },
    {
      route: 'PUT /tasks/activate/:id',
      expected: OWNERS,
      call: async () => {
        const { task } = await freshInactiveTask();
        return {
          method: 'PUT',
          url: `/api/tasks/activate/${task.id}`,
          payload: { config_yaml: STARTER_CONFIG_YAML },
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('tasks')
              .select('active')
              .where('id', '=', task.id)
              .executeTakeFirstOrThrow();
            expect(row.active).toBe(allowed);
          },
        };
      },
    },
    {
      route: 'PUT /tasks/update_models_in_the_loop/:id/:rid',
      expected: OWNERS,
      call: async () => ({
        method: 'PUT',
        url: `/api/tasks/update_models_in_the_loop/${tid()}/1`,
        payload: { model_ids: [modelId] },
      }),
    },
    {
      route: 'POST /tasks/create_round/:id',
      expected: OWNERS,
      call: async () => {
        const { task } = await makeTask(t.db, {}, { ownerIds: [owner.id] });
        return {
          method: 'POST',
          url: `/api/tasks/create_round/${task.id}`,
          payload: {},
          after: async (allowed) => {
            const rounds = await t.db
              .selectFrom('rounds')
              .select('rid')
              .where('tid', '=', task.id)
              .execute();
            expect(rounds.length).toBe(allowed ? 2 : 1);
          },
        };
      },
    },
    {
      route: 'GET /tasks/get_models_in_the_loop/:id',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/get_models_in_the_loop/${tid()}` }),
    },
    {
      route: 'GET /tasks/get_model_identifiers/:id',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/get_model_identifiers/${tid()}` }),
    },
    {
      route: 'POST /tasks/:id/remote_models',
      expected: OWNERS,
      call: async () => {
        const name = unique('remote');
        return {
          method: 'POST',
          url: `/api/tasks/${tid()}/remote_models`,
          payload: { name, endpoint_url: 'https://models.example.org/predict' },
          after: async (allowed) => {
            const rows = await t.db
              .selectFrom('models')
              .select('kind')
              .where('name', '=', name)
              .execute();
            expect(rows).toEqual(allowed ? [{ kind: 'remote' }] : []);
          },
        };
      },
    },
    {
      route: 'PUT /tasks/:id/remote_models/:mid',
      expected: OWNERS,
      call: async () => {
        const model = await freshRemoteModel();
        return {
          method: 'PUT',
          url: `/api/tasks/${tid()}/remote_models/${model.id}`,
          payload: { endpoint_url: 'https://moved.example.org/predict' },
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('models')
              .select('light_model')
              .where('id', '=', model.id)
              .executeTakeFirstOrThrow();
            expect(row.light_model).toBe(
              allowed ? 'https://moved.example.org/predict' : model.light_model,
            );
          },
        };
      },
    },
    {
      route: 'PUT /tasks/:id/remote_models/:mid/secret',
      expected: OWNERS,
      call: async () => {
        const model = await freshRemoteModel();
        return {
          method: 'PUT',
          url: `/api/tasks/${tid()}/remote_models/${model.id}/secret`,
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('models')
              .select('secret')
              .where('id', '=', model.id)
              .executeTakeFirstOrThrow();
            expect(row.secret !== model.secret).toBe(allowed);
          },
        };
      },
    },
    {
      route: 'GET /datasets/get_access_types',
      expected: PUBLIC,
      call: async () => ({ method: 'GET', url: '/api/datasets/get_access_types' }),
    },
    {
      route: 'GET /datasets/get_log_access_types',
      expected: PUBLIC,
      call: async () => ({ method: 'GET', url: '/api/datasets/get_log_access_types' }),
    },
    {
      route: 'GET /tasks/datasets/:id',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/datasets/${tid()}` }),
    },
    {
      route: 'PUT /datasets/update/:id',
      expected: OWNERS,
      call: async () => ({
        method: 'PUT',
        url: `/api/datasets/update/${datasetId}`,
        payload: { weight: 2 },
      }),
    },
    {
      route: 'POST /datasets/create/:id/:name',
      expected: OWNERS,
      call: async () => {
        const name = unique('upload-');
        const body = multipartBody({
          filename: 'd.jsonl',
          content: jsonl([{ uid: '1', tags: [], statement: 'Fine', label: 'positive' }]),
        });
        return {
          method: 'POST',
          url: `/api/datasets/create/${tid()}/${name}`,
          ...body,
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('datasets')
              .select('id')
              .where('tid', '=', tid())
              .where('name', '=', name)
              .executeTakeFirst();
            expect(Boolean(row)).toBe(allowed);
          },
        };
      },
    },
    {
      route: 'DELETE /datasets/delete/:id',
      expected: OWNERS,
      call: async () => {
        const dataset = await makeDataset(t.db, tid());
        return {
          method: 'DELETE',
          url: `/api/datasets/delete/${dataset.id}`,
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('datasets')
              .select('id')
              .where('id', '=', dataset.id)
              .executeTakeFirst();
            expect(Boolean(row)).toBe(!allowed);
          },
        };
      },
    },
    {
      route: 'POST /contexts/upload/:task/:round',
      expected: OWNERS,
      call: async () => {
        const text = unique('A context ');
        return {
          method: 'POST',
          url: `/api/contexts/upload/${tid()}/1`,
          ...multipartBody({
            filename: 'c.jsonl',
            content: jsonl([{ context: { context: text } }]),
          }),
          after: async (allowed) => {
            const rows = await t.db
              .selectFrom('contexts')
              .select('context_json')
              .where('r_realid', '=', hidden.rounds[0]!.id)
              .execute();
            const stored = rows.filter((r) => r.context_json.context === text);
            expect(stored.length).toBe(allowed ? 1 : 0);
          },
        };
      },
    },
    {
      route: 'POST /tasks/:task/convert_to_model_io',
      expected: PUBLIC,
      call: async () => ({
        method: 'POST',
        url: `/api/tasks/${visible.task.task_code}/convert_to_model_io`,
        payload: { data: { statement: 'S', label: 'positive', context: 'C' } },
      }),
    },
    {
      route: 'GET /tasks/:id/export',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/${tid()}/export` }),
    },
    {
      route: 'GET /tasks/:id/rounds/:rid/export',
      expected: OWNERS,
      call: async () => ({ method: 'GET', url: `/api/tasks/${tid()}/rounds/1/export` }),
    },
    {
      route: 'POST /task_proposals/create',
      expected: LOGGED_IN,
      call: async () => ({
        method: 'POST',
        url: '/api/task_proposals/create',
        payload: {
          name: unique('Proposed '),
          task_code: unique('code'),
          desc: 'Short',
          longdesc: 'Longer description',
        },
      }),
    },
    {
      route: 'PUT /tasks/process_proposal/:id',
      expected: ADMINS,
      call: async () => {
        const proposal = await freshProposal();
        return {
          method: 'PUT',
          url: `/api/tasks/process_proposal/${proposal.id}`,
          payload: { accept: false, changes: 'Narrow it down' },
          after: async (allowed) => {
            const row = await t.db
              .selectFrom('task_proposals')
              .select('status')
              .where('id', '=', proposal.id)
              .executeTakeFirstOrThrow();
            expect(row.status).toBe(allowed ? 'rejected' : 'pending');
          },
        };
      },
    },
    {
      route: 'GET /task_proposals/all/0/5',
      expected: ADMINS,
      call: async () => ({ method: 'GET', url: '/api/task_proposals/all/0/5' }),
    },
  ];

  const cells = CASES.flatMap((c) =>
    ACTORS.map(
      (actor) =>
        [
          `${c.route} as ${actor} → ${c.expected[actor]}`,
          { c, actor, status: c.expected[actor] },
        ] as const,
    ),
  );

  it('covers every route of the brief for every actor', () => {
    expect(CASES.length).toBe(29);
    expect(cells.length).toBe(29 * ACTORS.length);
  });

  it.each(cells)('%s', async (_name, { c, actor, status }) => {
    const { after, ...call } = await c.call();
    const token = tokens.get(actor);
    const res = await t.app.inject({
      ...call,
      headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json<{ status_code: number }>().status_code).toBe(status);
    await after?.(status === 200);
  });

  it('admin_or_owner says true exactly to those who administer the task', async () => {
    const answers: Record<string, boolean> = {};
    for (const actor of ACTORS) {
      const token = tokens.get(actor);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tasks/admin_or_owner/${tid()}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      answers[actor] = res.json<{ admin_or_owner: boolean }>().admin_or_owner;
    }
    expect(answers).toEqual({
      visitor: false,
      user: false,
      'other owner': false,
      'task owner': true,
      admin: true,
    });
  });
});
