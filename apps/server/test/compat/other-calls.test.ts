import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_CONFIG_YAML } from '../../src/features/proposals/starter-config.js';
import { makeOwnedTask, makeTask, makeUser, multipartBody, unique } from '../factories.js';
import { createTestApp, type TestApp } from '../support.js';
import { expectFields, originalClient } from './original-client.js';

/** The remaining calls of the original web client into built features, built as it builds them. */
describe('the original web client: other calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: { id: number; username: string }) => t.deps.tokens.signUser(user);

  it('password recovery: initiate answers success; a bad token is an error body it reads', async () => {
    const api = originalClient(t.app, null);
    const initiated = await api.call({
      method: 'POST',
      path: '/recover/initiate',
      data: { email: 'nobody@example.test' },
    });
    expect(initiated.status).toBe(200);
    const resolved = await api.call({
      method: 'POST',
      path: '/recover/resolve/not-a-token',
      data: { email: 'nobody@example.test', password: 'a long password' },
    });
    // "Reset failed (token invalid?)": any refusal; the page shows it.
    expect([400, 401]).toContain(resolved.status);
    expectFields(resolved.body, { status_code: 'number', error: 'string' });
  });

  it('API token, submittable tasks, forks and snapshots, another user', async () => {
    const me = await makeUser(t.db);
    const other = await makeUser(t.db);
    const api = originalClient(t.app, await bearer(me));
    const token = await api.call({ method: 'GET', path: '/authenticate/generate_api_token' });
    expect(token.status).toBe(200);
    expectFields(token.body, { api_token: 'string' });

    const submitable = await api.call<unknown[]>({ method: 'GET', path: '/tasks/submitable' });
    expect(submitable.status).toBe(200);
    expect(Array.isArray(submitable.body)).toBe(true);

    for (const path of [
      `/users/${me.id}/forks?limit=5&offset=0`,
      `/users/${me.id}/snapshots?limit=5&offset=0`,
    ]) {
      const list = await api.call({ method: 'GET', path });
      expect(list.status, path).toBe(200);
      expectFields(list.body, { count: 'number', data: 'array' });
    }

    const seen = await api.call({ method: 'GET', path: `/users/${other.id}` });
    expect(seen.status).toBe(200);
    expectFields(seen.body, { id: 'number', username: 'string', avatar_url: 'string|null' });
  });

  it('task proposals: create, list one’s own and all, accept with changes ""', async () => {
    const proposer = await makeUser(t.db);
    const admin = await makeUser(t.db, { admin: true });
    const mine = originalClient(t.app, await bearer(proposer));
    const code = unique('prop');
    const created = await mine.call({
      method: 'POST',
      path: '/task_proposals/create',
      data: { name: `Proposal ${code}`, desc: 'short', longdesc: 'long', task_code: code },
    });
    expect(created.status).toBe(200);
    const own = await mine.call({ method: 'GET', path: '/task_proposals/user/0/5' });
    expectFields(own.body, { count: 'number', data: 'array' });

    const api = originalClient(t.app, await bearer(admin));
    const all = await api.call<{ count: number; data: Array<Record<string, unknown>> }>({
      method: 'GET',
      path: '/task_proposals/all/0/5',
    });
    expect(all.status).toBe(200);
    const proposal = all.body.data.find((p) => p.task_code === code)!;
    expectFields(proposal, {
      id: 'number',
      name: 'string',
      task_code: 'string',
      desc: 'string|null',
      longdesc: 'string|null',
    });
    const processed = await api.call({
      method: 'PUT',
      path: `/tasks/process_proposal/${String(proposal.id)}`,
      data: { accept: true, changes: '' },
    });
    expect(processed.status).toBe(200);
  });

  it('owner console: settings form, activation, dataset form, uploads and export', async () => {
    const { owner, task } = await makeOwnedTask(t.db);
    const api = originalClient(t.app, await bearer(owner));
    const ownerToken = await bearer(owner);

    // The settings form sends what it read, with the number as the input field's text.
    const settings = await api.call({
      method: 'PUT',
      path: `/tasks/update/${task.id}`,
      data: {
        hidden: false,
        submitable: true,
        instructions_md: 'Write carefully.',
        unpublished_models_in_leaderboard: false,
        num_matching_validations: '4',
        validate_non_fooling: false,
        predictions_upload_instructions_md: null,
        train_file_upload_instructions_md: null,
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body).toMatchObject({ num_matching_validations: 4, submitable: true });

    const inactive = await makeTask(t.db, { active: false }, { ownerIds: [owner.id] });
    const activated = await api.call({
      method: 'PUT',
      path: `/tasks/activate/${inactive.task.id}`,
      data: { config_yaml: STARTER_CONFIG_YAML },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.active).toBe(true);

    // Contexts and datasets: multipart, with only the Authorization header.
    const contexts = multipartBody({
      filename: 'contexts.jsonl',
      content: Buffer.from(JSON.stringify({ context: { context: 'A sunny day.' }, tag: null })),
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/contexts/upload/${task.id}/1`,
      headers: { ...contexts.headers, authorization: `Bearer ${ownerToken}` },
      payload: contexts.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const name = unique('ds-');
    const file = multipartBody({
      filename: `${name}.jsonl`,
      content: Buffer.from(
        JSON.stringify({
          uid: '1',
          tags: [],
          context: 'A day.',
          statement: 'Nice.',
          label: 'positive',
        }),
      ),
    });
    const dataset = await t.app.inject({
      method: 'POST',
      url: `/api/datasets/create/${task.id}/${name}`,
      headers: { ...file.headers, authorization: `Bearer ${ownerToken}` },
      payload: file.payload,
    });
    expect(dataset.statusCode, dataset.body).toBe(200);
    const did = dataset.json<{ dataset: { id: number } }>().dataset.id;

    // The dataset form: its fields as read, the round as text, a cleared source URL.
    const updated = await api.call({
      method: 'PUT',
      path: `/datasets/update/${did}`,
      data: {
        longdesc: 'Held out',
        rid: '1',
        source_url: '',
        access_type: 'scoring',
        log_access_type: 'owner',
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ rid: 1, source_url: null, access_type: 'scoring' });

    for (const path of [`/tasks/${task.id}/export`, `/tasks/${task.id}/rounds/1/export`]) {
      const exported = await api.call({ method: 'GET', path });
      expect(exported.status, path).toBe(200);
    }
  });
});
