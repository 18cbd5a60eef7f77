import { isDeepStrictEqual } from 'node:util';
import {
  describeConfigProblems,
  parseTaskConfig,
  type TaskConfig,
  type TaskUpdateBody,
} from '@dynaloop/contract';
import { type Kysely } from 'kysely';
import { type Db } from '../../db/database.js';
import { type Database, type NewTask, type RoundRow, type TaskRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { insertEmptyContext, roundHasContext } from '../contexts/repo.js';
import { findRound, insertRound } from '../rounds/repo.js';
import { newRoundSecret } from '../rounds/service.js';
import { addTaskOwner } from '../task-owners/repo.js';
import { insertTask, taskNameTaken, updateTask } from './repo.js';

export interface NewRoundInput {
  desc?: string | null;
  longdesc?: string | null;
}

/**
 * Creates a task with its rounds 1..n and its owners, in the caller's transaction. The task's
 * cur_round is the last round created.
 */
export async function createTaskWithRounds(
  trx: Kysely<Database>,
  task: Omit<NewTask, 'cur_round'>,
  rounds: NewRoundInput[],
  ownerIds: number[],
): Promise<{ task: TaskRow; rounds: RoundRow[] }> {
  const curRound = Math.max(1, rounds.length);
  const created = await insertTask(trx, { ...task, cur_round: curRound, last_updated: new Date() });
  const createdRounds: RoundRow[] = [];
  for (let i = 0; i < Math.max(1, rounds.length); i++) {
    const r = rounds[i] ?? {};
    createdRounds.push(
      await insertRound(trx, {
        tid: created.id,
        rid: i + 1,
        secret: newRoundSecret(),
        desc: r.desc ?? null,
        longdesc: r.longdesc ?? null,
      }),
    );
  }
  for (const uid of ownerIds) await addTaskOwner(trx, created.id, uid);
  return { task: created, rounds: createdRounds };
}

/** A configuration from an owner: verified, or a 400 listing each problem with its line. */
export function verifyConfig(yaml: string): TaskConfig {
  const result = parseTaskConfig(yaml);
  if (!result.ok) {
    throw errors.validation(
      `The task configuration is invalid: ${describeConfigProblems(result.problems)}`,
      result.problems.map((p) => ({
        path: `config_yaml${p.path ? `.${p.path}` : ''}${p.line ? `:${p.line}` : ''}`,
        message: p.message,
      })),
    );
  }
  return result.config;
}

const withoutAggregation = (c: TaskConfig) => ({ ...c, aggregation_metric: undefined });

export async function updateTaskSettings(
  db: Db,
  task: TaskRow,
  body: TaskUpdateBody,
): Promise<TaskRow> {
  if (body.config_yaml !== undefined) {
    const next = verifyConfig(body.config_yaml);
    if (task.active) {
      const current = parseTaskConfig(task.config_yaml);
      if (
        current.ok &&
        !isDeepStrictEqual(withoutAggregation(current.config), withoutAggregation(next))
      ) {
        throw errors.validation(
          'Once a task is active only the aggregation weights (aggregation_metric) may change',
          [
            {
              path: 'config_yaml',
              message: 'only aggregation_metric may differ from the active configuration',
            },
          ],
        );
      }
    }
  }
  if (body.name !== undefined && body.name.toLowerCase() !== task.name.toLowerCase()) {
    if (await taskNameTaken(db, body.name))
      throw errors.conflict('A task with this name already exists');
  }
  return updateTask(db, task.id, body);
}

/**
 * Sets the configuration once and activates the task; it becomes visible. A task without
 * context fields gets one empty context in its current round, so that collection can start.
 */
export async function activateTask(db: Db, task: TaskRow, yaml: string): Promise<TaskRow> {
  if (task.active)
    throw errors.conflict('This task is already active: change its settings instead');
  const config = verifyConfig(yaml);
  return db.transaction().execute(async (trx) => {
    const updated = await updateTask(trx, task.id, {
      config_yaml: yaml,
      active: true,
      hidden: false,
    });
    if (config.context.length === 0) {
      const round = await findRound(trx, task.id, task.cur_round);
      if (round && !(await roundHasContext(trx, round.id))) await insertEmptyContext(trx, round.id);
    }
    return updated;
  });
}
