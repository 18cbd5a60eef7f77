import { type Db } from '../src/db/database.js';
import { type UserRow } from '../src/db/schema.js';
import { seedDemoContent } from '../src/seed/index.js';
import { createTestApp, type TestApp } from './support.js';

/** Helpers for tests of data collection on the demo content (seedDemoContent). */

/** A demo task by its code: its id and the round it collects in. */
export const demoTask = (db: Db, code: string) =>
  db
    .selectFrom('tasks')
    .select(['id', 'cur_round', 'task_code'])
    .where('task_code', '=', code)
    .executeTakeFirstOrThrow();

/** The built-in baseline model of a demo task, with its endpoint. */
export async function builtinModelOf(db: Db, tid: number) {
  const m = await db
    .selectFrom('models')
    .select(['id', 'endpoint_name', 'light_model'])
    .where('tid', '=', tid)
    .where('kind', '=', 'builtin')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: m.id, endpoint_name: m.endpoint_name!, light_model: m.light_model! };
}

/** The row of the round a task collects in, with its counters. */
export const currentRound = (db: Db, task: { id: number; cur_round: number }) =>
  db
    .selectFrom('rounds')
    .selectAll()
    .where('tid', '=', task.id)
    .where('rid', '=', task.cur_round)
    .executeTakeFirstOrThrow();

/** A user's row, with the counters that collection and validation move. */
export const userRow = (db: Db, id: number): Promise<UserRow> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A user's counters in the (one) round they wrote examples in. */
export const roundUserInfo = (db: Db, uid: number) =>
  db
    .selectFrom('round_user_example_info')
    .selectAll()
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();

/** A stored example, as the database holds it. */
export const exampleRow = (db: Db, id: number) =>
  db.selectFrom('examples').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** How many examples a user, or a crowd worker by annotator id, has stored. */
export const examplesOf = async (db: Db, where: { uid?: number; annotator?: string }) =>
  Number(
    (
      await db
        .selectFrom('examples')
        .select((eb) => eb.fn.countAll().as('n'))
        .$if(where.uid !== undefined, (q) => q.where('uid', '=', where.uid!))
        .$if(where.annotator !== undefined, (q) => q.where('annotator_id', '=', where.annotator!))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * A fresh app with the demo content, its sentiment task and the built-in model in that task's
 * loop: where tests of writing examples start.
 */
export async function demoSentimentApp() {
  const t = await createTestApp();
  await seedDemoContent(t.db, t.storage, t.config.dataFolder);
  const sentiment = await demoTask(t.db, 'sentiment');
  return { t, sentiment, model: await builtinModelOf(t.db, sentiment.id) };
}

/** What demoSentimentApp gives: the app, the sentiment task and its built-in model. */
export type DemoSentiment = Awaited<ReturnType<typeof demoSentimentApp>>;

/** The administrator the demo content creates. */
export const demoAdmin = (db: Db): Promise<UserRow> =>
  db.selectFrom('users').selectAll().where('admin', '=', true).executeTakeFirstOrThrow();

/** What the create page does first: a context of the task's round, by the `min` method. */
export async function drawContext(
  t: TestApp,
  task: { task_code: string; cur_round: number },
): Promise<{ id: number; context: Record<string, string>; tag: string | null }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/contexts/${task.task_code}/${String(task.cur_round)}/min`,
  });
  if (res.statusCode !== 200) throw new Error(`no context: ${res.body}`);
  return res.json();
}

/** Issues a task's crowd credential as the admin: the Authorization header of crowd workers. */
export async function crowdHeader(t: TestApp, tid: number): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/tasks/${String(tid)}/crowd_credential`,
    headers: { authorization: `Bearer ${await t.deps.tokens.signUser(await demoAdmin(t.db))}` },
  });
  if (res.statusCode !== 200) throw new Error(`no crowd credential: ${res.body}`);
  return { authorization: `Crowd ${res.json<{ crowd_token: string }>().crowd_token}` };
}

/**
 * What the create page sends for an example written against a built-in model: a context drawn
 * for the round, the writer's input, and the model's answer with its signature.
 */
export async function signedExample(
  t: TestApp,
  task: { id: number; task_code: string; cur_round: number },
  model: { endpoint_name: string; light_model: string },
  token: string,
  input: Record<string, string>,
) {
  const ctx = await drawContext(t, task);
  const answer = await t.app.inject({
    method: 'POST',
    url: model.light_model,
    headers: { authorization: `Bearer ${token}` },
    payload: { ...ctx.context, ...input },
  });
  if (answer.statusCode !== 200) throw new Error(`the model did not answer: ${answer.body}`);
  const { signature, ...output } = answer.json<Record<string, unknown>>();
  return {
    tid: task.id,
    rid: task.cur_round,
    cid: ctx.id,
    input,
    output,
    model_signature: signature as string,
    model_endpoint_name: model.endpoint_name,
  };
}
