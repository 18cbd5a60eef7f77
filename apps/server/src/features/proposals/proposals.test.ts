import { type ErrorBody, type TaskProposal } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask, makeUser, unique } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { STARTER_CONFIG_YAML } from './starter-config.js';

type User = Awaited<ReturnType<typeof makeUser>>;

describe('task proposals', () => {
  let t: TestApp;
  let proposer: User;
  let proposerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    proposer = await makeUser(t.db);
    proposerToken = await t.deps.tokens.signUser(proposer);
    adminToken = await t.deps.tokens.signUser(await makeUser(t.db, { admin: true }));
  });
  afterAll(async () => {
    await t.close();
  });

  const draft = (
    overrides: Partial<Record<'name' | 'task_code' | 'desc' | 'longdesc', string>>,
  ) => ({
    name: unique('Proposed task '),
    task_code: unique('code'),
    desc: 'A short description',
    longdesc: 'What the task is about, at length.',
    ...overrides,
  });
  const propose = (payload: Record<string, unknown>, token = proposerToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/task_proposals/create',
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
  const created = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const res = await propose(draft(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TaskProposal>();
  };
  const processIt = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/tasks/process_proposal/${id}`,
      payload,
      headers: { authorization: `Bearer ${adminToken}` },
    });
  const proposalRow = (id: number) =>
    t.db.selectFrom('task_proposals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The mails of one template about one proposal (its task code is in the text), once sent. */
  const mailsTo = async (uid: number, template: string, taskCode: string) => {
    await t.runJobs();
    return t.db
      .selectFrom('outbox_mails')
      .selectAll()
      .where('uid', '=', uid)
      .where('template', '=', template)
      .where('body_text', 'like', `%(${taskCode})%`)
      .orderBy('id')
      .execute();
  };

  describe('creating', () => {
    it('stores a pending proposal of the caller', async () => {
      const body = draft({});
      const proposal = await created(body);
      expect(proposal).toMatchObject({
        ...body,
        uid: proposer.id,
        username: proposer.username,
        status: 'pending',
        changes: null,
      });
      expect(await proposalRow(proposal.id)).toMatchObject({ uid: proposer.id, status: 'pending' });
    });

    it.each([
      ['12345', 'Task codes need at least one letter'],
      ['bad code!', 'Task codes use letters, digits, _ and - only'],
      ['dots.are.out', 'Task codes use letters, digits, _ and - only'],
    ])('refuses the task code %j: %s', async (code, message) => {
      const res = await propose(draft({ task_code: code }));
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.details).toContainEqual({ path: 'body.task_code', message });
      expect(
        await t.db
          .selectFrom('task_proposals')
          .select('id')
          .where('task_code', '=', code)
          .execute(),
      ).toEqual([]);
    });

    it('refuses empty fields', async () => {
      const res = await propose(draft({ name: '   ', desc: '' }));
      expect(res.statusCode).toBe(400);
      const paths = res.json<ErrorBody>().details!.map((d) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.desc']));
    });

    it('409 when an existing task has the code or the name, in any case', async () => {
      const { task } = await makeTask(t.db, { name: unique('Existing Task ') });
      const byCode = await propose(draft({ task_code: task.task_code.toUpperCase() }));
      expect(byCode.statusCode).toBe(409);
      expect(byCode.json<ErrorBody>().error).toMatch(/task code/);
      const byName = await propose(draft({ name: task.name.toLowerCase() }));
      expect(byName.statusCode).toBe(409);
      expect(byName.json<ErrorBody>().error).toMatch(/name/);
    });

    it('a pending proposal reserves its code and name for its author only, in any case', async () => {
      // An author of their own: accepting below mails them, which other tests count for theirs.
      const authorToken = await t.deps.tokens.signUser(await makeUser(t.db));
      const firstRes = await propose(draft({}), authorToken);
      expect(firstRes.statusCode).toBe(200);
      const first = firstRes.json<TaskProposal>();
      // The author cannot propose the same code or name twice while it is pending.
      const again = await propose(draft({ task_code: first.task_code.toUpperCase() }), authorToken);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().error).toMatch(/your pending proposals .* task code/);
      expect(
        (await propose(draft({ name: first.name.toUpperCase() }), authorToken)).statusCode,
      ).toBe(409);
      // Someone else may: a pending proposal does not squat a name for everyone.
      const other = await makeUser(t.db);
      const otherToken = await t.deps.tokens.signUser(other);
      const rival = await propose(draft({ task_code: first.task_code.toUpperCase() }), otherToken);
      expect(rival.statusCode).toBe(200);
      expect(
        (await propose(draft({ name: first.name.toUpperCase() }), otherToken)).statusCode,
      ).toBe(200);
      // Once one is accepted, the task holds the code for everyone: the rival cannot be accepted.
      expect((await processIt(first.id, { accept: true })).statusCode).toBe(200);
      expect((await processIt(rival.json<TaskProposal>().id, { accept: true })).statusCode).toBe(
        409,
      );
      expect((await propose(draft({ task_code: first.task_code }), otherToken)).statusCode).toBe(
        409,
      );
    });

    it('once rejected, the author may propose the code again', async () => {
      const first = await created();
      expect((await processIt(first.id, { accept: false, changes: 'No' })).statusCode).toBe(200);
      expect((await propose(draft({ task_code: first.task_code }))).statusCode).toBe(200);
    });

    it('limits proposals to 20 an hour per account', async () => {
      const spammer = await makeUser(t.db);
      const token = await t.deps.tokens.signUser(spammer);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => propose(draft({}), token)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const blocked = await propose(draft({}), token);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<ErrorBody>()).toMatchObject({
        code: 'rate_limited',
        error: expect.stringContaining('Too many task proposals'),
      });
      // Another account is unaffected.
      const other = await t.deps.tokens.signUser(await makeUser(t.db));
      expect((await propose(draft({}), other)).statusCode).toBe(200);
    });
  });

  describe('processing', () => {
    it('accepting creates the hidden, inactive task owned by the proposer, and tells them', async () => {
      const proposal = await created();
      const unseenBefore = (
        await t.db
          .selectFrom('users')
          .select('unseen_notifications')
          .where('id', '=', proposer.id)
          .executeTakeFirstOrThrow()
      ).unseen_notifications;

      const res = await processIt(proposal.id, { accept: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: 'ok' });

      const task = await t.db
        .selectFrom('tasks')
        .selectAll()
        .where('task_code', '=', proposal.task_code)
        .executeTakeFirstOrThrow();
      expect(task).toMatchObject({
        name: proposal.name,
        desc: proposal.desc,
        active: false,
        hidden: true,
        cur_round: 1,
        config_yaml: STARTER_CONFIG_YAML,
      });
      const rounds = await t.db
        .selectFrom('rounds')
        .select('rid')
        .where('tid', '=', task.id)
        .execute();
      expect(rounds).toEqual([{ rid: 1 }]);
      const owners = await t.db
        .selectFrom('task_user_permissions')
        .select(['uid', 'type'])
        .where('tid', '=', task.id)
        .execute();
      expect(owners).toEqual([{ uid: proposer.id, type: 'owner' }]);
      expect(await proposalRow(proposal.id)).toMatchObject({ status: 'accepted', tid: task.id });
      expect((await proposalRow(proposal.id)).processed_at).toBeInstanceOf(Date);

      const notes = await t.db
        .selectFrom('notifications')
        .selectAll()
        .where('uid', '=', proposer.id)
        .where('type', '=', 'TASK_PROPOSAL_UPDATE')
        .execute();
      expect(notes.map((n) => n.message)).toContain(`ACCEPTED:${proposal.task_code}`);
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/users/${proposer.id}`,
        headers: { authorization: `Bearer ${proposerToken}` },
      });
      expect(me.json<{ unseen_notifications: number }>().unseen_notifications).toBe(
        unseenBefore + 1,
      );

      const mails = await mailsTo(proposer.id, 'task_proposal_approval', proposal.task_code);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to_address).toBe(proposer.email);
      expect(mails[0]!.body_text).toContain(`/task-owner-interface/${proposal.task_code}`);

      // The new owner sees the hidden task; others do not.
      const asOwner = await t.app.inject({
        method: 'GET',
        url: `/api/tasks/${proposal.task_code}`,
        headers: { authorization: `Bearer ${proposerToken}` },
      });
      expect(asOwner.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/tasks/${task.id}` })).statusCode).toBe(
        404,
      );
    });

    it('rejecting stores the requested changes and mails them; no task is made', async () => {
      const proposal = await created();
      const changes = 'Please narrow the scope to one language.';
      const res = await processIt(proposal.id, { accept: false, changes });
      expect(res.statusCode, res.body).toBe(200);
      expect(await proposalRow(proposal.id)).toMatchObject({
        status: 'rejected',
        changes,
        tid: null,
      });
      const task = await t.db
        .selectFrom('tasks')
        .select('id')
        .where('task_code', '=', proposal.task_code)
        .executeTakeFirst();
      expect(task).toBeUndefined();
      const mails = await mailsTo(proposer.id, 'task_proposal_rejection', proposal.task_code);
      expect(mails.at(-1)!.body_text).toContain(changes);
      expect(mails.at(-1)!.to_address).toBe(proposer.email);
    });

    it('a proposal is processed once: a second decision is a 409', async () => {
      const accepted = await created();
      expect((await processIt(accepted.id, { accept: true })).statusCode).toBe(200);
      for (const payload of [{ accept: true }, { accept: false, changes: 'x' }]) {
        const res = await processIt(accepted.id, payload);
        expect(res.statusCode).toBe(409);
      }
      expect((await proposalRow(accepted.id)).status).toBe('accepted');

      const rejected = await created();
      expect((await processIt(rejected.id, { accept: false })).statusCode).toBe(200);
      expect((await processIt(rejected.id, { accept: true })).statusCode).toBe(409);
      expect(
        await t.db
          .selectFrom('tasks')
          .select('id')
          .where('task_code', '=', rejected.task_code)
          .executeTakeFirst(),
      ).toBeUndefined();
    });

    it('accepting a proposal whose code a task took meanwhile is a 409 that changes nothing', async () => {
      const proposal = await created();
      await makeTask(t.db, { task_code: proposal.task_code.toUpperCase() });
      const mailsBefore = await mailsTo(proposer.id, 'task_proposal_approval', proposal.task_code);
      const res = await processIt(proposal.id, { accept: true });
      expect(res.statusCode).toBe(409);
      expect(await proposalRow(proposal.id)).toMatchObject({ status: 'pending', tid: null });
      expect(await mailsTo(proposer.id, 'task_proposal_approval', proposal.task_code)).toEqual(
        mailsBefore,
      );
    });

    it('an unknown proposal is a 404', async () => {
      const res = await processIt(987654, { accept: true });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('not_found');
    });
  });
});
