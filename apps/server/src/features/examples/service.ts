import { createHash } from 'node:crypto';
import {
  checkAnnotationValue,
  modelInput,
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
import { taskPolicy } from '../tasks/policy.js';
import { type Actor } from '../../platform/auth.js';
import { assertCrowdTask, type Contributor, examplePolicy } from './policy.js';

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

const INT4_MAX = 2_147_483_647;
/** An id PostgreSQL can compare with an integer column; a larger one matches nothing. */
const int4OrNull = (n: number) => (n <= INT4_MAX ? n : null);

/** Everything a submission is checked against, read together (see loadSubmission). */
export interface SubmissionTarget {
  task: TaskRow;
  round: { id: number; rid: number } | null;
  context: {
    id: number;
    r_realid: number;
    context_json: Record<string, unknown>;
    tag: string | null;
  } | null;
  /** The named model, if it belongs to this task; its secret is read afresh on every request. */
  model: { id: number; secret: string } | null;
}

/**
 * The task (visible to the caller, else 404 like loadVisibleTask), the round named in the body,
 * the context and the model in the loop with its current secret, in one query. Nothing here is
 * cached: a round closes, a context moves and a model secret is rotated (also through another
 * instance), and the next submission must see it.
 */
export async function loadSubmission(
  db: Db,
  actor: Actor,
  body: Pick<ExampleCreateBody, 'tid' | 'rid' | 'cid' | 'model_endpoint_name'>,
): Promise<SubmissionTarget> {
  if (body.tid > INT4_MAX) throw errors.notFound('Task');
  const uid = actor.kind === 'user' ? actor.user.id : null;
  const row = await db
    .selectFrom('tasks as t')
    .leftJoin('rounds as r', (j) =>
      j.onRef('r.tid', '=', 't.id').on('r.rid', '=', int4OrNull(body.rid)),
    )
    .leftJoin('contexts as c', (j) => j.on('c.id', '=', int4OrNull(body.cid)))
    .leftJoin('models as m', (j) =>
      j.onRef('m.tid', '=', 't.id').on('m.endpoint_name', '=', body.model_endpoint_name ?? null),
    )
    .selectAll('t')
    .select([
      'r.id as round_id',
      'r.rid as round_rid',
      'c.id as context_id',
      'c.r_realid as context_r_realid',
      'c.context_json as context_json',
      'c.tag as context_tag',
      'm.id as model_id',
      'm.secret as model_secret',
    ])
    // Ownership matters only for a hidden task (as in loadVisibleTask).
    .select(
      sql<boolean>`t.hidden AND EXISTS (
        SELECT 1 FROM task_user_permissions p
        WHERE p.tid = t.id AND p.uid = ${uid}::int AND p.type = 'owner')`.as('is_owner'),
    )
    .where('t.id', '=', body.tid)
    .executeTakeFirst();
  if (!row) throw errors.notFound('Task');
  const {
    round_id,
    round_rid,
    context_id,
    context_r_realid,
    context_json,
    context_tag,
    model_id,
    model_secret,
    is_owner,
    ...task
  } = row;
  const isAdmin = actor.kind === 'user' && actor.user.admin;
  if (task.hidden && !taskPolicy.view({ task, isOwner: is_owner, isAdmin }))
    throw errors.notFound('Task');
  return {
    task,
    round: round_id !== null && round_rid !== null ? { id: round_id, rid: round_rid } : null,
    context:
      context_id !== null && context_r_realid !== null && context_json !== null
        ? { id: context_id, r_realid: context_r_realid, context_json, tag: context_tag }
        : null,
    model:
      model_id !== null && model_secret !== null ? { id: model_id, secret: model_secret } : null,
  };
}

/** Badges for the author's n-th example. */
const MILESTONES: Record<number, string> = { 1: 'FIRST_CREATED', 10: 'FIRST_TEN_CREATED' };
const LAST_MILESTONE = Math.max(...Object.keys(MILESTONES).map(Number));

interface NewExample {
  task: TaskRow;
  roundId: number;
  contextId: number;
  /** null for a crowd worker: no counters, no badges. */
  uid: number | null;
  annotatorId: string | null;
  tag: string | null;
  body: ExampleCreateBody;
  mid: number | null;
  wrong: boolean | null;
  claim: { scope: string; key: string; requestHash: string } | null;
}

/**
 * One statement (atomic on its own): claims the Idempotency-Key, inserts the example and moves
 * the counters of the user-in-round, the user, the context, the round and (at most every 5 s)
 * the task's last_updated. Data-modifying CTEs chained by EXISTS run in that order, so rows are
 * locked in the order the former separate statements locked them, the shared ones last.
 * Nothing is written when the key was already claimed: then the answer is null. Otherwise the
 * example id and the author's new examples_submitted (null for a crowd worker).
 */
async function insertExample(
  db: Kysely<Database>,
  e: NewExample,
): Promise<{ id: number; examples_submitted: number | null } | null> {
  const { body } = e;
  const fooled = e.wrong === true ? 1 : 0;
  const output = body.output ?? null;
  const columns = sql`cid, r_realid, tid, uid, annotator_id, tag, input_json, output_json,
    metadata_json, model_signature, model_endpoint_name, mid, model_wrong, time_elapsed_ms`;
  const values = sql`${e.contextId}::int, ${e.roundId}::int, ${e.task.id}::int, ${e.uid}::int,
    ${e.annotatorId}::text, ${e.tag}::text, ${JSON.stringify(body.input)}::jsonb,
    ${output ? JSON.stringify(output) : null}::jsonb, ${JSON.stringify(body.metadata ?? {})}::jsonb,
    ${body.model_signature ?? null}::text, ${body.model_endpoint_name ?? null}::text,
    ${e.mid}::int, ${e.wrong}::boolean, ${body.time_elapsed_ms ?? null}::int`;
  // With a key, the example's id is drawn first so that the claim stores the whole answer.
  const insert = e.claim
    ? sql`claim AS (
        INSERT INTO idempotency_keys (scope, key, request_hash, response_json)
        SELECT ${e.claim.scope}::text, ${e.claim.key}::text, ${e.claim.requestHash}::text,
          jsonb_build_object('success', 'ok', 'id', n.id, 'model_wrong', ${e.wrong}::boolean,
            'badges', NULL)
        FROM (SELECT nextval(pg_get_serial_sequence('examples', 'id'))::int AS id) n
        ON CONFLICT (scope, key) DO NOTHING
        RETURNING (response_json ->> 'id')::int AS id
      ),
      ins AS (
        INSERT INTO examples (id, ${columns}) SELECT claim.id, ${values} FROM claim RETURNING id
      )`
    : sql`ins AS (INSERT INTO examples (${columns}) VALUES (${values}) RETURNING id)`;
  const author =
    e.uid === null
      ? sql``
      : sql`, rui AS (
        INSERT INTO round_user_example_info AS i (uid, r_realid, examples_submitted, total_fooled)
        SELECT ${e.uid}::int, ${e.roundId}::int, 1, ${fooled}::int FROM ins
        ON CONFLICT (uid, r_realid) DO UPDATE
          SET examples_submitted = i.examples_submitted + 1, total_fooled = i.total_fooled + ${fooled}::int
        RETURNING 1
      ),
      u AS (
        UPDATE users SET examples_submitted = examples_submitted + 1,
          total_fooled = total_fooled + ${fooled}::int
        WHERE id = ${e.uid}::int AND EXISTS (SELECT 1 FROM rui)
        RETURNING examples_submitted
      )`;
  const touchTask =
    !e.task.last_updated || Date.now() - e.task.last_updated.getTime() > 5_000
      ? sql`, t AS (
          UPDATE tasks SET last_updated = ${new Date()}
          WHERE id = ${e.task.id}::int AND EXISTS (SELECT 1 FROM r)
            AND (last_updated IS NULL OR last_updated < ${new Date(Date.now() - 5_000)})
        )`
      : sql``;
  const { rows } = await sql<{ id: number; examples_submitted: number | null }>`
    WITH ${insert}${author},
    ctx AS (
      UPDATE contexts SET total_used = total_used + 1, last_used = now()
      WHERE id = ${e.contextId}::int AND EXISTS (SELECT 1 FROM ${e.uid === null ? sql`ins` : sql`u`})
      RETURNING 1
    ),
    r AS (
      UPDATE rounds SET total_collected = total_collected + 1,
        total_fooled = total_fooled + ${fooled}::int
      WHERE id = ${e.roundId}::int AND EXISTS (SELECT 1 FROM ctx)
      RETURNING 1
    )${touchTask}
    SELECT ins.id, ${e.uid === null ? sql`NULL::int` : sql`(SELECT examples_submitted FROM u)`} AS examples_submitted
    FROM ins`.execute(db);
  return rows[0] ?? null;
}

/** The answer stored with an Idempotency-Key already claimed (by a committed submission). */
async function replay(
  db: Kysely<Database>,
  claim: NonNullable<NewExample['claim']>,
): Promise<CreatedExample> {
  const previous = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_json'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirstOrThrow();
  if (previous.request_hash !== claim.requestHash)
    throw errors.conflict('This Idempotency-Key was used for a different example');
  return previous.response_json as CreatedExample;
}

/** Awards the badge of a milestone just reached, and keeps it in the key's stored answer. */
async function awardMilestone(
  trx: Kysely<Database>,
  uid: number,
  examplesSubmitted: number,
  response: CreatedExample,
  claim: NewExample['claim'],
): Promise<CreatedExample> {
  const milestone = MILESTONES[examplesSubmitted];
  if (!milestone || !(await awardBadge(trx, uid, milestone))) return response;
  const awarded = { ...response, badges: milestone };
  if (claim) {
    await trx
      .updateTable('idempotency_keys')
      .set({ response_json: JSON.stringify(awarded) })
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .execute();
  }
  return awarded;
}

/**
 * Stores an example written against a model in the loop. The model's answer must carry a valid
 * signature; whether the model was fooled is decided here by the task's metric (the client's
 * claim counts only for `ask_user`). Counters of the round, context, user and user-in-round move
 * atomically with the insert. A retry with the same Idempotency-Key returns the first answer.
 */
export async function createExample(
  db: Db,
  contributor: Contributor,
  target: SubmissionTarget,
  body: ExampleCreateBody,
  idempotencyKey: string | undefined,
): Promise<CreatedExample> {
  const { task, round, context, model } = target;
  if (!task.active) throw errors.forbidden('The task owner still needs to activate this task');
  assertCrowdTask(contributor, task.id);
  const user = contributor.kind === 'user' ? contributor.user : null;
  if (user && body.uid !== undefined && body.uid !== null && body.uid !== user.id)
    throw errors.forbidden('You can only submit examples as yourself');
  const config = taskConfigOf(task);
  if (!round) throw errors.notFound('Round');
  if (round.rid !== task.cur_round)
    throw errors.conflict(`Round ${round.rid} is closed; examples go to round ${task.cur_round}`);
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
    if (!model) throw errors.badRequest('Unknown model for this task');
    const modelBody = modelInput(config, context.context_json, body.input);
    const { signature: _s, model_name: _n, ...answer } = output as Record<string, unknown>;
    if (!verifyModelAnswer(model.secret, task.task_code, modelBody, answer, body.model_signature)) {
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

  const claim = idempotencyKey
    ? {
        scope: user
          ? `examples:user:${user.id}`
          : `examples:crowd:${task.id}:${(contributor as { annotatorId: string }).annotatorId}`,
        key: idempotencyKey,
        requestHash: createHash('sha256').update(canonicalJson(body)).digest('hex'),
      }
    : null;
  const example: NewExample = {
    task,
    roundId: round.id,
    contextId: context.id,
    uid: user?.id ?? null,
    annotatorId: contributor.kind === 'crowd' ? contributor.annotatorId : null,
    tag: body.tag ?? context.tag,
    body,
    mid,
    wrong,
    claim,
  };
  const answer = (id: number): CreatedExample => ({
    success: 'ok',
    id,
    model_wrong: wrong,
    badges: null,
  });

  // An author who may reach a badge milestone with this example (the counter only grows, and
  // was read when the request was authenticated): the badge is awarded in the same transaction.
  if (user && user.examples_submitted < LAST_MILESTONE) {
    return db.transaction().execute(async (trx) => {
      const stored = await insertExample(trx, example);
      if (!stored) return replay(trx, claim!);
      return awardMilestone(trx, user.id, stored.examples_submitted!, answer(stored.id), claim);
    });
  }
  // Everyone else: the single statement, without BEGIN and COMMIT round trips.
  const stored = await insertExample(db, example);
  if (!stored) return replay(db, claim!);
  if (user && MILESTONES[stored.examples_submitted!]) {
    // Not reachable while examples_submitted only grows; were it lowered by hand, the badge
    // still comes, in a transaction of its own.
    return db
      .transaction()
      .execute((trx) =>
        awardMilestone(trx, user.id, stored.examples_submitted!, answer(stored.id), claim),
      );
  }
  return answer(stored.id);
}

/** Retract, flag, confirm fooling (ask_user tasks) or add metadata to one's own example. */
export async function updateExample(
  trx: Kysely<Database>,
  exampleId: number,
  contributor: Contributor,
  change: {
    retracted?: true;
    flagged?: true;
    model_wrong?: boolean;
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
  if (!examplePolicy.isAuthor(contributor, e))
    throw errors.forbidden('You can only change your own examples');
  const user = contributor.kind === 'user' ? contributor.user : null;
  const set: Record<string, unknown> = {};
  if (change.metadata)
    set.metadata_json = JSON.stringify({ ...e.metadata_json, ...change.metadata });
  if (change.flagged) set.flagged = true;
  // null means "ask the author": only an example written against a model has that question.
  const askAuthor = e.model_wrong === null && e.mid !== null;
  if (change.model_wrong === false && askAuthor) {
    // The author's answer on an ask_user task: the model was right. Nothing was counted.
    set.model_wrong = false;
  } else if (change.model_wrong === false && e.model_wrong === true) {
    throw errors.conflict('This example already counts as fooling the model');
  }
  if (change.model_wrong === true && (e.model_wrong === false || askAuthor)) {
    // From false, or from null (the author's answer on an ask_user task): now it counts.
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
