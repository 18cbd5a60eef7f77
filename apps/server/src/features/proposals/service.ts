import { type TaskProposal } from '@dynaloop/contract';
import { type AppDeps } from '../../platform/app-types.js';
import { type UserRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';
import { notify } from '../notifications/service.js';
import { findTaskByCode } from '../tasks/repo.js';
import { createTaskWithRounds } from '../tasks/service.js';
import { STARTER_CONFIG_YAML } from './starter-config.js';

type Deps = Pick<AppDeps, 'db' | 'queue' | 'log' | 'config'>;

async function assertNamesFree(deps: Deps, taskCode: string, name: string): Promise<void> {
  if (await findTaskByCode(deps.db, taskCode))
    throw errors.conflict('A task with this task code already exists');
  const byName = await deps.db
    .selectFrom('tasks')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (byName) throw errors.conflict('A task with this name already exists');
}

export async function createProposal(
  deps: Deps,
  user: UserRow,
  body: { name: string; task_code: string; desc: string; longdesc: string },
): Promise<TaskProposal> {
  await assertNamesFree(deps, body.task_code, body.name);
  // A pending proposal reserves its code and name for its author only, until it is accepted.
  const pending = await deps.db
    .selectFrom('task_proposals')
    .select(['task_code', 'name'])
    .where('status', '=', 'pending')
    .where('uid', '=', user.id)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['task_code']), '=', body.task_code.toLowerCase()),
        eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (pending) {
    throw errors.conflict(
      pending.task_code.toLowerCase() === body.task_code.toLowerCase()
        ? 'One of your pending proposals already uses this task code'
        : 'One of your pending proposals already uses this name',
    );
  }
  const row = await deps.db
    .insertInto('task_proposals')
    .values({
      uid: user.id,
      name: body.name,
      task_code: body.task_code,
      desc: body.desc,
      longdesc: body.longdesc,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    uid: user.id,
    username: user.username,
    name: row.name,
    task_code: row.task_code,
    desc: row.desc,
    longdesc: row.longdesc,
    status: row.status,
    changes: row.changes,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Accepting creates an inactive, hidden task owned by the proposer, with a starter
 * configuration and round 1; rejecting records the requested changes. Either way the proposer
 * is told by notification and mail.
 */
export async function processProposal(
  deps: Deps,
  admin: UserRow,
  id: number,
  accept: boolean,
  changes: string | null,
): Promise<void> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const proposal = await trx
      .selectFrom('task_proposals')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!proposal) throw errors.notFound('Task proposal');
    if (proposal.status !== 'pending')
      throw errors.conflict(`This proposal was already ${proposal.status}`);
    let tid: number | null = null;
    if (accept) {
      await assertNamesFree({ ...deps, db: trx }, proposal.task_code, proposal.name);
      const { task } = await createTaskWithRounds(
        trx,
        {
          task_code: proposal.task_code,
          name: proposal.name,
          desc: proposal.desc,
          instructions_md: proposal.longdesc,
          config_yaml: STARTER_CONFIG_YAML,
          challenge_type: 1,
          dynamic_adversarial_data_collection: true,
          active: false,
          hidden: true,
        },
        [{ desc: 'Round 1', longdesc: proposal.longdesc }],
        proposal.uid ? [proposal.uid] : [],
      );
      tid = task.id;
    }
    await trx
      .updateTable('task_proposals')
      .set({
        status: accept ? 'accepted' : 'rejected',
        changes: accept ? null : changes,
        processed_by: admin.id,
        processed_at: new Date(),
        tid,
      })
      .where('id', '=', id)
      .execute();
    const proposer = proposal.uid
      ? await trx
          .selectFrom('users')
          .select(['id', 'email', 'username', 'deleted_at'])
          .where('id', '=', proposal.uid)
          .executeTakeFirst()
      : undefined;
    if (proposer && !proposer.deleted_at) {
      await notify(
        trx,
        proposer.id,
        'TASK_PROPOSAL_UPDATE',
        accept ? `ACCEPTED:${proposal.task_code}` : `REJECTED:${proposal.task_code}`,
        { proposal_id: id },
      );
    }
    return { proposal, proposer: proposer && !proposer.deleted_at ? proposer : undefined };
  });
  const { proposal, proposer } = outcome;
  if (!proposer) return;
  const site = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  await deps.queue.enqueue(
    deps.db,
    'mail.send',
    accept
      ? {
          to: proposer.email,
          uid: proposer.id,
          template: 'task_proposal_approval',
          subject: `Your task "${proposal.name}" was accepted`,
          text: `Hello ${proposer.username},\n\nyour proposal "${proposal.name}" (${proposal.task_code}) was accepted. The task is yours: configure it, upload contexts and datasets, and activate it in the owner console:\n\n${site}/task-owner-interface/${proposal.task_code}#settings\n`,
        }
      : {
          to: proposer.email,
          uid: proposer.id,
          template: 'task_proposal_rejection',
          subject: `Your task "${proposal.name}" needs changes`,
          text: `Hello ${proposer.username},\n\nyour proposal "${proposal.name}" (${proposal.task_code}) was not accepted as it is. The reviewers asked for these changes:\n\n${changes ?? '(no details given)'}\n\nYou are welcome to propose it again.\n`,
        },
  );
}
