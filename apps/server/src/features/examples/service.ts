import { createHash } from 'node:crypto';
import {
  checkAnnotationValue,
  type ExampleCreateBody,
  parseTaskConfig,
  type TaskConfig,
} from '@dynaloop/contract';
import { verifyModelAnswer } from '@dynaloop/models';
import { MissingKeysError, modelWrong } from '@dynaloop/scoring';
import { sql, type Kysely } from 'kysely';
import { type Db } from '../../db/database.js';
import { type Database, type TaskRow } from '../../db/schema.js';
import { canonicalJson } from '@dynaloop/models';
import { errors } from '../../platform/errors.js';
import { awardBadge } from '../badges/service.js';
import { modelInputFields } from '../models/predict.js';
import { assertCrowdTask, type Contributor } from './contributor.js';

export interface CreatedExample {
  success: 'ok';
  id: number;
  model_wrong: boolean | null;
  badges: string | null;
}

// Parsing YAML and checking it is the slowest part of a submission; a configuration text never
// changes meaning, so its parse is kept (bounded: a few configurations per task at most).
const configCache = new Map<string, TaskConfig>();

export function taskConfigOf(task: TaskRow): TaskConfig {
  const cached = configCache.get(task.config_yaml);
  if (cached) return cached;
  const parsed = parseTaskConfig(task.config_yaml);
  if (!parsed.ok) throw errors.badRequest('This task has no valid configuration yet');
  if (configCache.size > 500) configCache.clear();
  configCache.set(task.config_yaml, parsed.config);
  return parsed.config;
}

/** The contributor's input: every input field, typed as the configuration says. */
function checkInput(
  config: TaskConfig,
  input: Record<string, unknown>,
  context: Record<string, unknown>,
): void {
  const problems: Array<{ path: string; message: string }> = [];
  for (const f of config.input) {
    if (!(f.name in input)) {
      problems.push({ path: `body.input.${f.name}`, message: 'is required' });
      continue;
    }
    const message = checkAnnotationValue(f, input[f.name], 'default', { ...context, ...input });
    if (message) problems.push({ path: `body.input.${f.name}`, message });
    else if (
      typeof input[f.name] === 'string' &&
      (input[f.name] as string).trim() === '' &&
      f.type === 'string'
    ) {
      problems.push({ path: `body.input.${f.name}`, message: 'cannot be empty' });
    }
  }
  if (problems.length)
    throw errors.validation(
      `${problems[0]!.path.replace('body.input.', '')} ${problems[0]!.message}`,
      problems,
    );
}

const targetsOf = (config: TaskConfig) => {
  const outputs = new Set(config.output.map((o) => o.name));
  return config.input.map((f) => f.name).filter((n) => outputs.has(n));
};

/**
 * Stores an example written against a model in the loop. The model's answer must carry a valid
 * signature; whether the model was fooled is decided here by the task's metric (the client's
 * claim counts only for `ask_user`). Counters of the round, context, user and user-in-round move
 * in the same transaction. A retry with the same Idempotency-Key returns the first answer.
 */
export async function createExample(
  db: Db,
  contributor: Contributor,
  task: TaskRow,
  body: ExampleCreateBody,
  idempotencyKey: string | undefined,
): Promise<CreatedExample> {
  if (!task.active) throw errors.forbidden('The task owner still needs to activate this task');
  assertCrowdTask(contributor, task.id);
  const user = contributor.kind === 'user' ? contributor.user : null;
  if (user && body.uid !== undefined && body.uid !== null && body.uid !== user.id)
    throw errors.forbidden('You can only submit examples as yourself');
  const config = taskConfigOf(task);
  const round = await db
    .selectFrom('rounds')
    .selectAll()
    .where('tid', '=', task.id)
    .where('rid', '=', body.rid)
    .executeTakeFirst();
  if (!round) throw errors.notFound('Round');
  if (round.rid !== task.cur_round)
    throw errors.conflict(`Round ${round.rid} is closed; examples go to round ${task.cur_round}`);
  const context = await db
    .selectFrom('contexts')
    .selectAll()
    .where('id', '=', body.cid)
    .executeTakeFirst();
  if (!context || context.r_realid !== round.id)
    throw errors.badRequest('The context does not belong to this round');
  checkInput(config, body.input, context.context_json);

  let mid: number | null = null;
  let wrong: boolean | null = body.model_wrong ?? null;
  const output = body.output ?? null;
  if (body.model_endpoint_name || output) {
    if (!body.model_endpoint_name || !output || !body.model_signature) {
      throw errors.badRequest(
        'A model answer needs its model_endpoint_name, output and model_signature',
      );
    }
    const model = await db
      .selectFrom('models')
      .select(['id', 'secret', 'tid'])
      .where('endpoint_name', '=', body.model_endpoint_name)
      .executeTakeFirst();
    if (!model || model.tid !== task.id) throw errors.badRequest('Unknown model for this task');
    const fields = modelInputFields(config);
    const modelInput = Object.fromEntries(
      fields
        .filter((f) => f in { ...context.context_json, ...body.input })
        .map((f) => [f, f in body.input ? body.input[f] : context.context_json[f]]),
    );
    const { signature: _s, model_name: _n, ...answer } = output as Record<string, unknown>;
    if (
      !verifyModelAnswer(model.secret, task.task_code, modelInput, answer, body.model_signature)
    ) {
      throw errors.badRequest('Could not create example: the model answer could not be verified');
    }
    mid = model.id;
    if (config.model_wrong_metric.type !== 'ask_user') {
      try {
        const targets = Object.fromEntries(targetsOf(config).map((k) => [k, body.input[k]]));
        wrong = modelWrong(config.model_wrong_metric, targets, answer);
      } catch (err) {
        if (err instanceof MissingKeysError)
          throw errors.badRequest(`Could not create example: ${err.message}`);
        throw err;
      }
    }
  } else {
    wrong = null;
  }

  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const scope = user
    ? `examples:user:${user.id}`
    : `examples:crowd:${task.id}:${(contributor as { annotatorId: string }).annotatorId}`;
  return db.transaction().execute(async (trx) => {
    if (idempotencyKey) {
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values({
          scope,
          key: idempotencyKey,
          request_hash: requestHash,
          response_json: JSON.stringify(null),
        })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) {
        const previous = await trx
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('scope', '=', scope)
          .where('key', '=', idempotencyKey)
          .executeTakeFirstOrThrow();
        if (previous.request_hash !== requestHash)
          throw errors.conflict('This Idempotency-Key was used for a different example');
        return previous.response_json as CreatedExample;
      }
    }
    const example = await trx
      .insertInto('examples')
      .values({
        cid: context.id,
        r_realid: round.id,
        tid: task.id,
        uid: user?.id ?? null,
        annotator_id: contributor.kind === 'crowd' ? contributor.annotatorId : null,
        tag: body.tag ?? context.tag,
        input_json: JSON.stringify(body.input),
        output_json: output ? JSON.stringify(output) : null,
        metadata_json: JSON.stringify(body.metadata ?? {}),
        model_signature: body.model_signature ?? null,
        model_endpoint_name: body.model_endpoint_name ?? null,
        mid,
        model_wrong: wrong,
        time_elapsed_ms: body.time_elapsed_ms ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fooled = wrong === true ? 1 : 0;
    // Crowd workers get no counters or badges: they are paid per task, offline.
    const badges: string[] = [];
    if (user) {
      // The author's counters and their per-round counters, in one statement.
      const { rows } = await sql<{ examples_submitted: number }>`
        WITH rui AS (
          INSERT INTO round_user_example_info AS i (uid, r_realid, examples_submitted, total_fooled)
          VALUES (${user.id}, ${round.id}, 1, ${fooled})
          ON CONFLICT (uid, r_realid) DO UPDATE
            SET examples_submitted = i.examples_submitted + 1, total_fooled = i.total_fooled + ${fooled}
        )
        UPDATE users SET examples_submitted = examples_submitted + 1, total_fooled = total_fooled + ${fooled}
        WHERE id = ${user.id}
        RETURNING examples_submitted`.execute(trx);
      const counters = rows[0]!;
      const milestones: Record<number, string> = { 1: 'FIRST_CREATED', 10: 'FIRST_TEN_CREATED' };
      const milestone = milestones[counters.examples_submitted];
      if (milestone && (await awardBadge(trx, user.id, milestone))) badges.push(milestone);
    }
    // The round, context and task rows are shared by every contributor: they are updated last,
    // so their row locks are held only until the commit; last_updated moves at most every 5 s.
    await sql`
      WITH ctx AS (
        UPDATE contexts SET total_used = total_used + 1, last_used = now() WHERE id = ${context.id}
      )
      UPDATE rounds SET total_collected = total_collected + 1, total_fooled = total_fooled + ${fooled}
      WHERE id = ${round.id}`.execute(trx);
    if (!task.last_updated || Date.now() - task.last_updated.getTime() > 5_000) {
      await trx
        .updateTable('tasks')
        .set({ last_updated: new Date() })
        .where('id', '=', task.id)
        .execute();
    }
    const response: CreatedExample = {
      success: 'ok',
      id: example.id,
      model_wrong: wrong,
      badges: badges.length ? badges.join('|') : null,
    };
    if (idempotencyKey) {
      await trx
        .updateTable('idempotency_keys')
        .set({ response_json: JSON.stringify(response) })
        .where('scope', '=', scope)
        .where('key', '=', idempotencyKey)
        .execute();
    }
    return response;
  });
}

/** Retract, flag, confirm fooling (ask_user tasks) or add metadata to one's own example. */
export async function updateExample(
  trx: Kysely<Database>,
  exampleId: number,
  contributor: Contributor,
  change: {
    retracted?: true;
    flagged?: true;
    model_wrong?: true;
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  const e = await trx
    .selectFrom('examples')
    .selectAll()
    .where('id', '=', exampleId)
    .forUpdate()
    .executeTakeFirst();
  if (!e) throw errors.notFound('Example');
  const own =
    contributor.kind === 'user'
      ? e.uid === contributor.user.id
      : e.tid === contributor.tid && e.annotator_id === contributor.annotatorId;
  if (!own) throw errors.forbidden('You can only change your own examples');
  const user = contributor.kind === 'user' ? contributor.user : null;
  const set: Record<string, unknown> = {};
  if (change.metadata)
    set.metadata_json = JSON.stringify({ ...e.metadata_json, ...change.metadata });
  if (change.flagged) set.flagged = true;
  if (change.model_wrong && e.model_wrong === false) {
    // Only a model_wrong of false moves to true (null, "ask the user", is set on creation).
    set.model_wrong = true;
    await trx
      .updateTable('rounds')
      .set({ total_fooled: sql`total_fooled + 1` })
      .where('id', '=', e.r_realid)
      .execute();
    if (user) {
      await trx
        .updateTable('users')
        .set({ total_fooled: sql`total_fooled + 1` })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('round_user_example_info')
        .set({ total_fooled: sql`total_fooled + 1` })
        .where('uid', '=', user.id)
        .where('r_realid', '=', e.r_realid)
        .execute();
    }
  }
  if (change.retracted && !e.retracted) {
    set.retracted = true;
  }
  if (change.retracted && !e.retracted && user) {
    await trx
      .updateTable('users')
      .set({ total_retracted: sql`total_retracted + 1` })
      .where('id', '=', user.id)
      .execute();
    if (e.model_wrong) {
      await trx
        .updateTable('users')
        .set({ total_verified_not_correct_fooled: sql`total_verified_not_correct_fooled + 1` })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('round_user_example_info')
        .set({ total_verified_not_correct_fooled: sql`total_verified_not_correct_fooled + 1` })
        .where('uid', '=', user.id)
        .where('r_realid', '=', e.r_realid)
        .execute();
    }
  }
  if (Object.keys(set).length)
    await trx.updateTable('examples').set(set).where('id', '=', e.id).execute();
}
