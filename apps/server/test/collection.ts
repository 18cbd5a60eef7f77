import { type Db } from '../src/db/database.js';
import { type UserRow } from '../src/db/schema.js';
import { type TestApp } from './support.js';

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
    .executeTakeFirstOrThrow();
  return { id: m.id, endpoint_name: m.endpoint_name!, light_model: m.light_model! };
}

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
