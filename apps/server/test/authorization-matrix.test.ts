import { type RouteDef, routes } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor } from '../src/platform/auth.js';
import { proposalPolicy } from '../src/features/proposals/policy.js';
import { taskPolicy } from '../src/features/tasks/policy.js';
import { userPolicy } from '../src/features/users/policy.js';
import {
  type ContractRequest,
  fillPath,
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
import { createTestApp, type TestApp } from './support.js';

/**
 * The authorization matrix: every route of the route table × every role, each cell a valid
 * request against a world made for that route alone, its answer checked against what the
 * policies say. A route added to the table needs only its rule below (TypeScript refuses a
 * route without one); its cells are generated.
 */

/** Roles in the order they call: those a state-changing route allows come last. */
const ROLES = ['visitor', 'crowd worker', 'another user', 'task owner', 'admin', 'user'] as const;
type Role = (typeof ROLES)[number];

/**
 * Who a route lets through, as the policies say:
 * - public: anyone; the answer does not depend on who asks (the task is visible);
 * - logged-in: any logged-in user, each about their own data;
 * - task-admins: the task's owners and admins (taskPolicy.administer);
 * - self: the user the URL names, and only them (userPolicy.edit / listLeaderboardViews);
 * - admins: platform admins (proposalPolicy);
 * - example-readers: the example's author and the task's administrators;
 * - example-authors: the example's author only;
 * - contributors: logged-in users and the task's crowd workers (visible task);
 * - validators: contributors, except the example's author (nobody validates their own);
 * - model-callers: logged-in users and guests (no crowd credential);
 * - model-owners: the model's uploader only (modelPolicy.edit; here the task owner uploaded it).
 */
type Rule =
  | 'public'
  | 'logged-in'
  | 'task-admins'
  | 'self'
  | 'admins'
  | 'example-readers'
  | 'example-authors'
  | 'contributors'
  | 'validators'
  | 'model-callers'
  | 'model-owners';

const RULES: { [K in keyof typeof routes]: Rule } = {
  health: 'public',
  activeTasksWithRoundInfo: 'public',
  tasks: 'public',
  submitableTasks: 'public',
  task: 'public',
  taskRound: 'public',
  taskTrends: 'public',
  adminOrOwner: 'public',
  updateTask: 'task-admins',
  toggleOwner: 'task-admins',
  taskOwners: 'task-admins',
  allRounds: 'task-admins',
  activateTask: 'task-admins',
  updateModelsInTheLoop: 'task-admins',
  createRound: 'task-admins',
  modelsInTheLoop: 'task-admins',
  modelIdentifiers: 'task-admins',
  updateRound: 'task-admins',
  modelIdentifiersForTargetSelection: 'task-admins',
  createRemoteModel: 'task-admins',
  updateRemoteModel: 'task-admins',
  rotateRemoteModelSecret: 'task-admins',
  datasetAccessTypes: 'public',
  datasetLogAccessTypes: 'public',
  taskDatasets: 'task-admins',
  updateDataset: 'task-admins',
  createDataset: 'task-admins',
  deleteDataset: 'task-admins',
  uploadContexts: 'task-admins',
  convertToModelIo: 'public',
  exportTask: 'task-admins',
  exportRound: 'task-admins',
  createProposal: 'logged-in',
  processProposal: 'admins',
  modelPredict: 'model-callers',
  modelDetails: 'public',
  modelEvents: 'public',
  updateModel: 'model-owners',
  revertModelStatus: 'model-owners',
  modelJobLog: 'task-admins',
  modelPredictions: 'task-admins',
  uploadPredictions: 'logged-in',
  modelsInTheLoopPublic: 'public',
  evaluateExample: 'public',
  pickContext: 'public',
  createExample: 'contributors',
  updateExample: 'example-authors',
  example: 'example-readers',
  exampleMetadata: 'example-readers',
  exampleToValidate: 'contributors',
  validateExample: 'validators',
  filteredExample: 'task-admins',
  userLeaderboard: 'public',
  roundUserLeaderboard: 'public',
  roundAgreement: 'task-admins',
  issueCrowdCredential: 'task-admins',
  revokeCrowdCredential: 'task-admins',
  login: 'public',
  register: 'public',
  recoverInitiate: 'public',
  recoverResolve: 'public',
  refresh: 'public',
  generateApiToken: 'logged-in',
  listApiTokens: 'logged-in',
  revokeApiToken: 'logged-in',
  trialToken: 'public',
  logout: 'public',
  user: 'logged-in',
  userBadges: 'logged-in',
  updateUser: 'self',
  deleteUser: 'self',
  uploadAvatar: 'self',
  avatar: 'public',
  userModels: 'public',
  userTasks: 'public',
  userForks: 'self',
  userSnapshots: 'self',
  platformSettings: 'public',
  userProposals: 'logged-in',
  allProposals: 'admins',
  notifications: 'logged-in',
  notificationsSeen: 'logged-in',
};

const PASSWORD = 'matrix-password-123';

describe('authorization matrix: every route × every role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A world of its own for one route: its users, a visible task and what hangs from it. */
  async function makeWorld() {
    const user = await makeUser(t.db, { password: PASSWORD });
    const other = await makeUser(t.db);
    const admin = await makeUser(t.db, { admin: true });
    const { owner, task, rounds } = await makeOwnedTask(t.db);
    const model = await makeModel(t.db, task.id, owner.id);
    await t.db
      .updateTable('models')
      .set({ kind: 'remote', light_model: 'https://models.example.org/predict' })
      .where('id', '=', model.id)
      .execute();
    const dataset = await makeDataset(t.db, task.id);
    // Prediction files are accepted (a task flag, not a permission).
    await t.db
      .updateTable('tasks')
      .set({ has_predictions_upload: true })
      .where('id', '=', task.id)
      .execute();
    const context = await makeContext(t.db, rounds[0]!.id, { context: 'A context' });
    const example = await makeExample(t.db, rounds[0]!, context.id, { uid: user.id });
    const proposal = await t.db
      .insertInto('task_proposals')
      .values({
        uid: user.id,
        task_code: unique('mx'),
        name: unique('Matrix '),
        desc: 'd',
        longdesc: 'l',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const apiToken = await t.db
      .insertInto('api_tokens')
      .values({ uid: user.id, token_hash: unique('hash'), token_prefix: 'dlk_mx' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bearer = async (u: { id: number; username: string }) => ({
      authorization: `Bearer ${await t.deps.tokens.signUser(u)}`,
    });
    const adminHeader = await bearer(admin);
    const issued = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.id}/crowd_credential`,
      headers: adminHeader,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const headers: Record<Role, Record<string, string>> = {
      visitor: {},
      'crowd worker': {
        authorization: `Crowd ${issued.json<{ crowd_token: string }>().crowd_token}`,
      },
      'another user': await bearer(other),
      'task owner': await bearer(owner),
      admin: adminHeader,
      user: await bearer(user),
    };
    const actors: Record<Role, Actor> = {
      visitor: { kind: 'anonymous' },
      'crowd worker': { kind: 'crowd', tid: task.id },
      'another user': { kind: 'user', user: other, via: 'session' },
      'task owner': { kind: 'user', user: owner, via: 'session' },
      admin: { kind: 'user', user: admin, via: 'session' },
      user: { kind: 'user', user, via: 'session' },
    };
    const idFor = (path: string): number => {
      if (path.startsWith('/users/')) return user.id;
      if (path.startsWith('/examples/') || path.startsWith('/validations/')) return example.id;
      if (path.startsWith('/datasets/')) return dataset.id;
      if (path.startsWith('/models/')) return model.id;
      if (path.startsWith('/tasks/process_proposal/')) return proposal.id;
      if (path.startsWith('/authenticate/api_tokens/')) return apiToken.id;
      return task.id;
    };
    const params: Record<string, (path: string) => unknown> = {
      id: idFor,
      task: () => task.id,
      round: () => 1,
      rid: () => 1,
      mid: () => model.id,
      did: () => dataset.id,
      username: () => other.username,
      name: () => unique('ds-'),
      method: () => 'random',
      file: () => 'missing.png',
      token: () => 'a'.repeat(43),
      page: () => 0,
      size: () => 5,
      minFlags: () => 0,
      maxFlags: () => 5,
      minDisagree: () => 0,
      maxDisagree: () => 5,
    };
    const body = {
      email: user.email,
      password: PASSWORD,
      tid: task.id,
      rid: 1,
      cid: context.id,
      uid: user.id,
      task_code: unique('mxcode'),
      name: unique('Matrix name '),
      username: unique('mxuser'),
      annotator_id: 'matrix-worker',
      label: 'correct',
      mode: 'user',
      accept: false,
      model_ids: [model.id],
      url: 'https://models.example.org/predict',
      endpoint_url: 'https://models.example.org/predict',
      input: { hypothesis: 'A hypothesis' },
      data: { hypothesis: 'A hypothesis' },
    };
    // The event stream's access_token is a credential: each role calls with its own header only.
    const query = {
      limit: 5,
      offset: 0,
      annotator_id: 'matrix-worker',
      format: 'examples',
      access_token: null,
    };
    return { task, rounds, owner, user, headers, actors, params, body, query };
  }

  type World = Awaited<ReturnType<typeof makeWorld>>;

  /** What the policies say for one cell: allowed, or the status that refuses it. */
  function expected(rule: Rule, def: RouteDef, role: Role, w: World): 'allowed' | number {
    const actor = w.actors[role];
    const loggedIn = actor.kind === 'user';
    const login = actor.kind === 'anonymous' ? 401 : 403;
    const access = {
      task: w.task,
      isOwner: role === 'task owner',
      isAdmin: loggedIn && actor.user.admin,
    };
    switch (rule) {
      case 'public':
        return 'allowed';
      case 'logged-in':
        return loggedIn ? 'allowed' : login;
      case 'task-admins':
        if (!loggedIn) return login;
        return taskPolicy.administer(access) ? 'allowed' : 403;
      case 'self':
        if (!loggedIn) return login;
        return userPolicy.edit(actor, w.user.id) ? 'allowed' : 403;
      case 'admins':
        if (!loggedIn) return login;
        return proposalPolicy.process(actor) ? 'allowed' : 403;
      case 'example-readers':
        if (!loggedIn) return login;
        return role === 'user' || taskPolicy.administer(access) ? 'allowed' : 403;
      case 'example-authors':
        if (actor.kind === 'anonymous') return 401;
        return role === 'user' ? 'allowed' : 403;
      case 'contributors':
        return actor.kind === 'anonymous' ? 401 : 'allowed';
      case 'validators':
        if (actor.kind === 'anonymous') return 401;
        return role === 'user' ? 403 : 'allowed';
      case 'model-owners':
        if (!loggedIn) return login;
        return role === 'task owner' ? 'allowed' : 403;
      case 'model-callers':
        if (def.auth !== 'user-or-trial') return 403;
        return loggedIn ? 'allowed' : login;
    }
  }

  function requestFor(def: RouteDef, w: World, role: Role): ContractRequest {
    const params = sampleParams(def, (key) => w.params[key]?.(def.path) ?? 1);
    const query = def.querystring
      ? Object.fromEntries(
          Object.entries(sampleOf(def.querystring, w.query) as Record<string, unknown>)
            .filter(([, v]) => v !== null && v !== undefined)
            .map(([k, v]) => [k, encodeURIComponent(String(v))]),
        )
      : {};
    const url = `/api${fillPath(def.path, params)}${queryString(query)}`;
    const headers = w.headers[role];
    if (def.multipart) {
      const file = multipart('{"context": "A context"}\n', 'upload.png');
      return {
        method: def.method,
        url,
        payload: file.payload,
        headers: { ...headers, ...file.headers },
      };
    }
    // Who writes is who calls: a body naming a user names the caller.
    const actor = w.actors[role];
    const fixtures = { ...w.body, uid: actor.kind === 'user' ? actor.user.id : undefined };
    const body = def.body ? (sampleOf(def.body, fixtures) as Record<string, unknown>) : undefined;
    return { method: def.method, url, headers, ...(body ? { payload: body } : {}) };
  }

  it('has a rule for every route of the table', () => {
    expect(Object.keys(routes).filter((name) => !(name in RULES))).toEqual([]);
  });

  it('every cell answers as the policies say', { timeout: 240_000 }, async ({ annotate }) => {
    const mismatches: string[] = [];
    let cells = 0;
    let succeeded = 0;
    for (const [name, def] of Object.entries(routes) as Array<[keyof typeof routes, RouteDef]>) {
      const rule = RULES[name];
      const w = await makeWorld();
      const answers = new Map<Role, number>();
      // Refused roles first: an allowed call may change the world (delete what it names).
      const order = [...ROLES].sort(
        (a, b) =>
          Number(expected(rule, def, a, w) === 'allowed') -
          Number(expected(rule, def, b, w) === 'allowed'),
      );
      for (const role of order) {
        // Rate limits are not authorization: each cell starts with none spent.
        await t.db.deleteFrom('rate_limit_counters').execute();
        const request = requestFor(def, w, role);
        const res = await t.app.inject({
          ...request,
          remoteAddress: `10.9.${cells >> 8}.${cells & 255}`,
        });
        cells++;
        if (res.statusCode < 300) succeeded++;
        answers.set(role, res.statusCode);
        const want = expected(rule, def, role, w);
        const label = `${def.method} ${def.path} (${rule}) as ${role}`;
        if (res.statusCode >= 500) {
          mismatches.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (rule === 'public') {
          // A public route may refuse for its own reasons (a spent reset link), but alike for
          // every role: checked below.
        } else if (want === 'allowed') {
          if (res.statusCode === 401 || res.statusCode === 403)
            mismatches.push(
              `${label}: refused (${res.statusCode} ${res.body.slice(0, 160)}), the policy allows it`,
            );
        } else if (res.statusCode !== want) {
          mismatches.push(
            `${label}: ${res.statusCode} ${res.body.slice(0, 160)}, the policy says ${want}`,
          );
        }
      }
      // A public route answers the same whoever asks.
      if (rule === 'public') {
        const distinct = new Set(answers.values());
        if (distinct.size > 1)
          mismatches.push(
            `${def.method} ${def.path} (public): answers differ by role ${JSON.stringify([...answers])}`,
          );
      }
    }
    await annotate(
      `${cells} cells (${Object.keys(routes).length} routes × ${ROLES.length} roles), ${succeeded} answered 2xx, ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
  });
});
