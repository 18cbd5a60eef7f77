import { verifyModelAnswer } from '@dynaloop/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/index.js';
import { makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

describe('built-in models in the loop', () => {
  let t: TestApp;
  let userToken: string;
  let trialToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.db, t.storage, t.config.dataFolder);
    userToken = await t.deps.tokens.signUser(await makeUser(t.db));
    trialToken = await t.deps.tokens.signTrial();
  });
  afterAll(async () => {
    await t.close();
  });

  const modelOf = (taskCode: string) =>
    t.db
      .selectFrom('models')
      .innerJoin('tasks', 'tasks.id', 'models.tid')
      .selectAll('models')
      .where('tasks.task_code', '=', taskCode)
      .executeTakeFirstOrThrow();

  it('every demo DADC task has a published, deployed baseline in the loop of every round', async () => {
    for (const code of ['sentiment', 'nli', 'qa', 'hs']) {
      const model = await modelOf(code);
      expect(model).toMatchObject({
        kind: 'builtin',
        is_published: true,
        deployment_status: 'deployed',
        light_model: `/api/models/${model.id}/predict`,
      });
      const loops = await t.db
        .selectFrom('round_models_in_the_loop')
        .select('r_realid')
        .where('mid', '=', model.id)
        .execute();
      const rounds = await t.db
        .selectFrom('rounds')
        .select('id')
        .where('tid', '=', model.tid)
        .execute();
      expect(loops.map((l) => l.r_realid).sort()).toEqual(rounds.map((r) => r.id).sort());
    }
  });

  it('answers a guest with a trial token, signed with the model secret', async () => {
    const model = await modelOf('sentiment');
    const res = await t.app.inject({
      method: 'POST',
      url: model.light_model!,
      headers: { authorization: `Bearer ${trialToken}` },
      payload: {
        statement: 'This blender is wonderful!',
        context: 'A kitchen gadget.',
        label: 'negative',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body.label).toBe('positive');
    expect(body.model_name).toBe(model.name);
    const { signature, model_name: _name, ...output } = body;
    // The target the user chose (label) is not part of what the model read.
    expect(
      verifyModelAnswer(
        model.secret,
        'sentiment',
        { context: 'A kitchen gadget.', statement: 'This blender is wonderful!' },
        output,
        signature as string,
      ),
    ).toBe(true);
  });

  it('answers QA with a span of the passage for a logged-in user', async () => {
    const model = await modelOf('qa');
    const context =
      'The pier was built in 1879. A storm in 1953 tore away the middle section of the pier.';
    const res = await t.app.inject({
      method: 'POST',
      url: model.light_model!,
      headers: { authorization: `Bearer ${userToken}` },
      payload: { context, question: 'What tore away the middle section?' },
    });
    expect(res.statusCode).toBe(200);
    expect(context).toContain(res.json().answer);
  });

  it('refuses missing inputs, anonymous callers and unknown models', async () => {
    const model = await modelOf('nli');
    const missing = await t.app.inject({
      method: 'POST',
      url: model.light_model!,
      headers: { authorization: `Bearer ${userToken}` },
      payload: { context: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'body.hypothesis', message: 'is required' }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: model.light_model!,
      payload: { context: 'x', hypothesis: 'y' },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/models/999999/predict',
      headers: { authorization: `Bearer ${userToken}` },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the models in the loop of the current round publicly', async () => {
    const model = await modelOf('hs');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${model.tid}/models_in_the_loop`,
    });
    expect(res.json()).toEqual([
      {
        id: model.id,
        name: model.name,
        light_model: model.light_model,
        endpoint_name: model.endpoint_name,
      },
    ]);
  });
});
