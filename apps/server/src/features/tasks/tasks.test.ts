import { modelErrorRate, type TaskCard } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTask } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('task list API', () => {
  let t: TestApp;
  let active: Awaited<ReturnType<typeof makeTask>>;
  let inactive: Awaited<ReturnType<typeof makeTask>>;
  let hidden: Awaited<ReturnType<typeof makeTask>>;
  let submitable: Awaited<ReturnType<typeof makeTask>>;

  beforeAll(async () => {
    t = await createTestApp();
    active = await makeTask(t.db, { challenge_type: 1 }, { rounds: 3 });
    await t.db
      .updateTable('rounds')
      .set({ total_collected: 8, total_fooled: 1, total_verified_fooled: 1 })
      .where('id', '=', active.rounds[2]!.id)
      .execute();
    await t.db
      .updateTable('rounds')
      .set({ total_collected: 50, total_fooled: 40 })
      .where('id', '=', active.rounds[0]!.id)
      .execute();
    inactive = await makeTask(t.db, { active: false });
    hidden = await makeTask(t.db, { hidden: true });
    submitable = await makeTask(t.db, { submitable: true, challenge_type: 4 });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<TaskCard[]>();
  };

  it('lists active, visible tasks with their current round for the home page', async () => {
    const cards = await get('/api/task/get_active_tasks_with_round_info');
    const codes = cards.map((c) => c.task_code);
    expect(codes).toContain(active.task.task_code);
    expect(codes).not.toContain(inactive.task.task_code);
    expect(codes).not.toContain(hidden.task.task_code);
    const card = cards.find((c) => c.task_code === active.task.task_code)!;
    expect(card.round).toMatchObject({
      rid: 3,
      cur_round: 3,
      total_collected: 8,
      total_fooled: 1,
      total_verified_fooled: 1,
      desc: 'Round 3',
    });
    expect(modelErrorRate(card.round!)).toBe('12.50');
    expect(typeof card.last_updated).toBe('string');
  });

  it('never sends round secrets, configs or other undeclared fields', async () => {
    const cards = await get('/api/tasks');
    const card = cards.find((c) => c.task_code === active.task.task_code)!;
    expect(Object.keys(card).sort()).toEqual(
      [
        'active',
        'challenge_type',
        'cur_round',
        'desc',
        'id',
        'last_updated',
        'name',
        'official',
        'round',
        'submitable',
        'task_code',
      ].sort(),
    );
    expect(JSON.stringify(cards)).not.toContain(active.rounds[2]!.secret);
    expect(card.round).not.toHaveProperty('secret');
  });

  it('GET /tasks lists every visible task, active or not', async () => {
    const codes = (await get('/api/tasks')).map((c) => c.task_code);
    expect(codes).toEqual(
      expect.arrayContaining([
        active.task.task_code,
        inactive.task.task_code,
        submitable.task.task_code,
      ]),
    );
    expect(codes).not.toContain(hidden.task.task_code);
  });

  it('GET /tasks/submitable lists only tasks that accept submissions', async () => {
    const codes = (await get('/api/tasks/submitable')).map((c) => c.task_code);
    expect(codes).toContain(submitable.task.task_code);
    expect(codes).not.toContain(active.task.task_code);
  });
});

describe('modelErrorRate', () => {
  it('is fooled / collected x 100 with 2 decimals, 0.00 when nothing was collected', () => {
    expect(modelErrorRate({ total_fooled: 1, total_collected: 3 })).toBe('33.33');
    expect(modelErrorRate({ total_fooled: 0, total_collected: 0 })).toBe('0.00');
    expect(modelErrorRate({ total_fooled: 2, total_collected: 2 })).toBe('100.00');
  });
});
