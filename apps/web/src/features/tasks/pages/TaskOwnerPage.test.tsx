import { MESSAGES, type TaskDetail } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser } from '../../../test/auth';
import { callsTo, jsonResponse, type MockRequest, mockRoutes } from '../../../test/fetch';
import { field, fill } from '../../../test/form';
import { errorBody, makeDataset, makeRoundDetail, makeTaskDetail } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

type Handler = (request: MockRequest) => Response | Promise<Response>;

const VALID_YAML = `aggregation_metric:
  type: dynascore
perf_metric:
  type: macro_f1
  reference_name: label
context:
  - name: context
    type: string
input:
  - name: statement
    type: string
  - name: label
    type: multiclass
    labels: [negative, positive, neutral]
output:
  - name: label
`;

const owner = makeUser({ id: 4, username: 'olivia' });

function task(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return makeTaskDetail({
    id: 7,
    task_code: 'irony',
    name: 'Irony detection',
    desc: 'Is the sentence ironic?',
    config_yaml: VALID_YAML,
    active: true,
    ...overrides,
  });
}

/** The owner logged in and a server answering every read of the console for `detail`. */
function setup(detail: TaskDetail = task(), routes: Record<string, Handler> = {}) {
  logInAs(owner);
  return mockRoutes({
    'GET /api/tasks/irony': () => jsonResponse(detail),
    'GET /api/tasks/admin_or_owner/7': () => jsonResponse({ admin_or_owner: true }),
    'GET /api/tasks/owners/7': () => jsonResponse([{ id: 4, username: 'olivia' }]),
    'GET /api/tasks/get_all_rounds/7': () =>
      jsonResponse([{ ...makeRoundDetail({ tid: 7, rid: 1 }), context_count: 0 }]),
    'GET /api/tasks/get_model_identifiers/7': () => jsonResponse([]),
    'GET /api/tasks/get_models_in_the_loop/7': () => jsonResponse([]),
    'GET /api/tasks/datasets/7': () => jsonResponse([]),
    'GET /api/datasets/get_access_types': () => jsonResponse(['scoring', 'standard', 'hidden']),
    'GET /api/datasets/get_log_access_types': () => jsonResponse(['owner', 'user']),
    ...routes,
  });
}

async function openConsole(path = '/task-owner-interface/irony') {
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Irony detection' });
  return result;
}

function selectedTab() {
  return screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')
    ?.textContent;
}

function upload(input: HTMLElement, name: string, content: string) {
  const file = new File([content], name, { type: 'application/jsonl' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('TaskOwnerPage: access', () => {
  it('sends visitors to the login page with "Please login first."', async () => {
    mockRoutes({});
    const { router } = renderApp('/task-owner-interface/irony#datasets');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      '?msg=Please%20login%20first.&src=/task-owner-interface/irony',
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('msg')).toBe(MESSAGES.pleaseLoginFirst);
    expect(params.get('src')).toBe('/task-owner-interface/irony');
  });

  it('sends users who neither own nor administer the task to the login page with the not-owner message', async () => {
    logInAs(makeUser({ id: 5, username: 'bob' }));
    mockRoutes({
      'GET /api/tasks/irony': () => jsonResponse(task()),
      'GET /api/tasks/admin_or_owner/7': () => jsonResponse({ admin_or_owner: false }),
    });
    const { router } = renderApp('/task-owner-interface/irony');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('msg')).toBe(
      'You are not an admin or owner of this task. Please login with an admin or owner account.',
    );
    expect(params.get('msg')).toBe(MESSAGES.notTaskOwner);
    expect(params.get('src')).toBe('/task-owner-interface/irony');
    expect(await screen.findByText(MESSAGES.notTaskOwner)).toBeDefined();
  });

  it('says the same when the task is hidden from the user (404)', async () => {
    logInAs(makeUser({ id: 5, username: 'bob' }));
    mockRoutes({});
    const { router } = renderApp('/task-owner-interface/irony');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('msg')).toBe(
      MESSAGES.notTaskOwner,
    );
  });

  it('opens #settings by default and follows the hash', async () => {
    setup();
    const { router } = await openConsole();

    expect(selectedTab()).toBe('Settings');
    expect(document.title).toBe('Irony detection · Owner console · Dynaloop');
    fireEvent.click(screen.getByRole('tab', { name: 'Datasets' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#datasets'));
    await router.navigate('/task-owner-interface/irony#owners');
    await waitFor(() => expect(selectedTab()).toBe('Owners'));
  });

  it('asks to activate the task first in owners, rounds, models and datasets', async () => {
    const fetchMock = setup(task({ active: false, hidden: true }));
    const { router } = await openConsole();

    for (const section of ['owners', 'rounds', 'models', 'datasets']) {
      await router.navigate(`/task-owner-interface/irony#${section}`);
      await waitFor(() =>
        expect(screen.getByRole('tabpanel').id).toMatch(new RegExp(`${section}$`)),
      );
      expect(screen.getByRole('tabpanel').textContent).toBe('Activate this task first.');
    }
    for (const route of [
      'GET /api/tasks/owners/7',
      'GET /api/tasks/get_all_rounds/7',
      'GET /api/tasks/get_model_identifiers/7',
      'GET /api/tasks/datasets/7',
    ]) {
      expect(callsTo(fetchMock, route)).toHaveLength(0);
    }

    await router.navigate('/task-owner-interface/irony#settings');
    await waitFor(() => expect(screen.getByRole('tabpanel').id).toMatch(/settings$/));
    expect(screen.getByRole('form', { name: 'Task settings' })).toBeDefined();
    expect(screen.queryByText(MESSAGES.activateTaskFirst)).toBeNull();
    await router.navigate('/task-owner-interface/irony#advanced');
    expect(await screen.findByLabelText('Task configuration (YAML)')).toBeDefined();
    expect(screen.queryByText(MESSAGES.activateTaskFirst)).toBeNull();
  });
});

describe('TaskOwnerPage: #settings', () => {
  it('saves only what changed, with Save shown once something changed', async () => {
    let current = task();
    const fetchMock = setup(current, {
      'GET /api/tasks/irony': () => jsonResponse(current),
      'PUT /api/tasks/update/7': (request) => {
        current = { ...current, ...(request.body as Partial<TaskDetail>) };
        return jsonResponse(current);
      },
    });
    await openConsole();

    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fill('Name', 'Irony and sarcasm');
    fireEvent.click(screen.getByRole('switch', { name: /Show trends/ }));
    fill('General instructions', 'Be kind.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The settings were saved.')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/tasks/update/7')[0]?.body).toEqual({
      name: 'Irony and sarcasm',
      general_instructions: 'Be kind.',
      show_trends: false,
    });
    expect(callsTo(fetchMock, 'PUT /api/tasks/update/7')[0]?.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Irony and sarcasm' }),
    ).toBeDefined();
  });

  it('shows the server’s error', async () => {
    setup(task(), {
      'PUT /api/tasks/update/7': () =>
        jsonResponse(
          errorBody({
            status_code: 409,
            code: 'conflict',
            error: 'A task with this name already exists',
          }),
          409,
        ),
    });
    await openConsole();

    fill('Name', 'Sentiment Analysis');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A task with this name already exists');
  });
});

describe('TaskOwnerPage: #advanced', () => {
  it('checks the YAML as it is typed and lists each problem with its line', async () => {
    setup(task({ active: false }));
    await openConsole('/task-owner-interface/irony#advanced');

    expect(await screen.findByText('The configuration is valid.')).toBeDefined();
    const activate = screen.getByRole('button', { name: 'Activate task' });
    expect(activate.hasAttribute('disabled')).toBe(false);

    fill(
      'Task configuration (YAML)',
      VALID_YAML.replace('    type: multiclass\n', '    type: multiclass\n    colour: red\n'),
    );
    const problems = await screen.findByRole('list', { name: 'Configuration problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['line 14: input.1.colour: is not a known key']);
    expect(screen.getByRole('button', { name: 'Activate task' }).hasAttribute('disabled')).toBe(
      true,
    );

    fill('Task configuration (YAML)', VALID_YAML.replace('macro_f1', 'macro_f2'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Configuration problems' })).getByRole('listitem')
          .textContent,
      ).toMatch(/^line 4: perf_metric\.type: Invalid option/),
    );

    fill('Task configuration (YAML)', VALID_YAML.replace('  type: dynascore', '  type: [dyna'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Configuration problems' })).getByRole('listitem')
          .textContent,
      ).toMatch(/^line 3: /),
    );
    expect(screen.getByRole('button', { name: 'Activate task' }).hasAttribute('disabled')).toBe(
      true,
    );

    fill('Task configuration (YAML)', VALID_YAML);
    expect(await screen.findByText('The configuration is valid.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Activate task' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('activates the task after a confirmation that the configuration gets locked', async () => {
    let current = task({ active: false, hidden: true });
    const fetchMock = setup(current, {
      'GET /api/tasks/irony': () => jsonResponse(current),
      'PUT /api/tasks/activate/7': (request) => {
        current = {
          ...current,
          active: true,
          hidden: false,
          config_yaml: (request.body as { config_yaml: string }).config_yaml,
        };
        return jsonResponse(current);
      },
    });
    const { router } = await openConsole('/task-owner-interface/irony#advanced');

    fireEvent.click(await screen.findByRole('button', { name: 'Activate task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Irony detection?' });
    expect(dialog.textContent).toContain('only the aggregation weights');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('The task is active.')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/tasks/activate/7')[0]?.body).toEqual({
      config_yaml: VALID_YAML,
    });
    expect(screen.queryByRole('button', { name: 'Activate task' })).toBeNull();

    await router.navigate('/task-owner-interface/irony#owners');
    expect(await screen.findByText('olivia')).toBeDefined();
  });

  it('saves an active task’s configuration and shows the server’s line-numbered problems', async () => {
    setup(task(), {
      'PUT /api/tasks/update/7': () =>
        jsonResponse(
          errorBody({
            status_code: 400,
            code: 'validation_failed',
            error:
              'Once a task is active only the aggregation weights (aggregation_metric) may change',
            details: [
              { path: 'config_yaml.perf_metric.type:4', message: 'may not change' },
              {
                path: 'config_yaml',
                message: 'only aggregation_metric may differ from the active configuration',
              },
            ],
          }),
          400,
        ),
    });
    await openConsole('/task-owner-interface/irony#advanced');

    expect(screen.queryByRole('button', { name: 'Activate task' })).toBeNull();
    const save = screen.getByRole('button', { name: 'Save configuration' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fill('Task configuration (YAML)', VALID_YAML.replace('macro_f1', 'accuracy'));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Once a task is active only the aggregation weights');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'line 4: perf_metric.type: may not change',
      'only aggregation_metric may differ from the active configuration',
    ]);
  });
});

describe('TaskOwnerPage: #owners', () => {
  it('issues a crowd credential after asking, shows it once, and revokes it', async () => {
    const fetchMock = setup(task(), {
      'PUT /api/tasks/7/crowd_credential': () => jsonResponse({ crowd_token: 'dlc_secret123' }),
      'DELETE /api/tasks/7/crowd_credential': () => jsonResponse({ success: 'ok' }),
    });
    await openConsole('/task-owner-interface/irony#owners');
    const crowd = await screen.findByRole('region', { name: 'Crowd workers' });

    fireEvent.click(within(crowd).getByRole('button', { name: 'Issue a crowd credential' }));
    const ask = await screen.findByRole('dialog', { name: 'Issue a crowd credential?' });
    expect(callsTo(fetchMock, 'PUT /api/tasks/7/crowd_credential')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Issue' }));
    expect((await within(crowd).findByLabelText('Crowd credential')).textContent).toBe(
      'dlc_secret123',
    );

    fireEvent.click(within(crowd).getByRole('button', { name: 'Revoke the crowd credential' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the crowd credential?' });
    fireEvent.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    expect(
      await within(crowd).findByText(
        'The crowd credential was revoked: crowd workers can no longer submit or validate.',
      ),
    ).toBeDefined();
    expect(within(crowd).queryByLabelText('Crowd credential')).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/tasks/7/crowd_credential')).toHaveLength(1);
  });

  it('adds an owner by username and shows the new list', async () => {
    const fetchMock = setup(task(), {
      'PUT /api/tasks/toggle_owner/7/bob': () =>
        jsonResponse([
          { id: 5, username: 'bob' },
          { id: 4, username: 'olivia' },
        ]),
    });
    await openConsole('/task-owner-interface/irony#owners');

    const list = await screen.findByRole('list', { name: 'Owners' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fill('Username', 'bob');
    fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));

    expect(await screen.findByText('bob is now an owner of this task.')).toBeDefined();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PUT /api/tasks/toggle_owner/7/bob')).toHaveLength(1);
    expect(field('Username').value).toBe('');
  });

  it('shows "User not found" and does not toggle an existing owner off by adding them', async () => {
    const fetchMock = setup(task(), {
      'PUT /api/tasks/toggle_owner/7/nobody': () =>
        jsonResponse(
          errorBody({ status_code: 404, code: 'not_found', error: 'User "nobody" not found' }),
          404,
        ),
    });
    await openConsole('/task-owner-interface/irony#owners');
    await screen.findByRole('list', { name: 'Owners' });

    fill('Username', 'nobody');
    fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User "nobody" not found');

    fill('Username', 'Olivia');
    fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    expect(await screen.findByText('Olivia is already an owner of this task.')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/tasks/toggle_owner/7/Olivia')).toHaveLength(0);
  });

  it('removes an owner after a confirmation, and shows the 409 for the last one', async () => {
    setup(task(), {
      'GET /api/tasks/owners/7': () =>
        jsonResponse([
          { id: 5, username: 'bob' },
          { id: 4, username: 'olivia' },
        ]),
      'PUT /api/tasks/toggle_owner/7/bob': () =>
        jsonResponse(
          errorBody({
            status_code: 409,
            code: 'conflict',
            error: 'A task needs at least one owner',
          }),
          409,
        ),
    });
    await openConsole('/task-owner-interface/irony#owners');

    fireEvent.click(await screen.findByRole('button', { name: 'Remove bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove owner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove owner' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A task needs at least one owner',
    );
  });
});

describe('TaskOwnerPage: #rounds', () => {
  it('uploads contexts to a round and reports the count or each bad line', async () => {
    let calls = 0;
    let contexts = 12;
    const round1 = makeRoundDetail({ tid: 7, rid: 1 });
    const fetchMock = setup(task(), {
      'GET /api/tasks/get_all_rounds/7': () =>
        jsonResponse([{ ...round1, context_count: contexts }]),
      'POST /api/contexts/upload/7/1': () => {
        calls += 1;
        if (calls === 1) contexts += 3;
        return calls === 1
          ? jsonResponse({ success: 'ok', count: 3 })
          : jsonResponse(
              errorBody({
                status_code: 400,
                code: 'validation_failed',
                error: 'The file was not stored: line 3 (context.context): is required',
                details: [
                  { path: 'line 3.context.context', message: 'is required' },
                  { path: 'line 5', message: 'is not valid JSON' },
                ],
              }),
              400,
            );
      },
    });
    await openConsole('/task-owner-interface/irony#rounds');

    const input = await screen.findByLabelText('Contexts file for round 1');
    expect(await screen.findByText('12 contexts')).toBeDefined();
    upload(input, 'good.jsonl', '{"context":{"context":"A"}}\n');
    expect(await screen.findByText('3 contexts added (good.jsonl).')).toBeDefined();
    // The round's count is read again from the server.
    expect(await screen.findByText('15 contexts')).toBeDefined();
    const sent = callsTo(fetchMock, 'POST /api/contexts/upload/7/1')[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('good.jsonl');

    upload(input, 'bad.jsonl', '{}\n');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('bad.jsonl was not stored');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['line 3 — context.context: is required', 'line 5 — is not valid JSON']);
    expect(screen.getByText('15 contexts')).toBeDefined();
    expect(screen.queryByText(/since you opened this page/)).toBeNull();
  });

  it('creates the next round with an optional long description', async () => {
    let rounds = [{ ...makeRoundDetail({ tid: 7, rid: 1 }), context_count: 0 }];
    const fetchMock = setup(task(), {
      'GET /api/tasks/get_all_rounds/7': () => jsonResponse(rounds),
      'POST /api/tasks/create_round/7': () => {
        const round = makeRoundDetail({ tid: 7, rid: 2, longdesc: 'Harder.' });
        rounds = [...rounds, { ...round, context_count: 0 }];
        return jsonResponse(round);
      },
    });
    await openConsole('/task-owner-interface/irony#rounds');
    await screen.findByRole('heading', { name: 'Round 1' });

    fill('Long description (optional)', 'Harder.');
    fireEvent.click(screen.getByRole('button', { name: 'Create new round' }));

    expect(
      await screen.findByText('Round 2 was created and is now the current round.'),
    ).toBeDefined();
    expect(callsTo(fetchMock, 'POST /api/tasks/create_round/7')[0]?.body).toEqual({
      longdesc: 'Harder.',
    });
    expect(await screen.findByRole('heading', { name: 'Round 2' })).toBeDefined();
  });
});

describe('TaskOwnerPage: #models', () => {
  it('says "No data found" without models', async () => {
    setup();
    await openConsole('/task-owner-interface/irony#models');

    expect(await screen.findByText(MESSAGES.noDataFound)).toBeDefined();
  });

  it('saves the models in the loop of a round', async () => {
    const model = {
      id: 11,
      name: 'roberta-irony',
      kind: 'uploaded',
      desc: null,
      uid: 4,
      username: 'olivia',
      is_published: true,
      deployment_status: 'deployed',
      light_model: 'http://model',
      rounds_in_the_loop: [1],
    };
    const fetchMock = setup(task(), {
      'GET /api/tasks/get_model_identifiers/7': () =>
        jsonResponse([model, { ...model, id: 12, name: 'draft', is_published: false }]),
      'GET /api/tasks/get_models_in_the_loop/7': () => jsonResponse([model]),
      'PUT /api/tasks/update_models_in_the_loop/7/1': () => jsonResponse({ success: 'ok' }),
    });
    await openConsole('/task-owner-interface/irony#models');

    const table = await screen.findByRole('table', { name: 'Models of this task' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const save = screen.getByRole('button', { name: 'Save round 1' });
    expect(save.hasAttribute('disabled')).toBe(true);
    // Remove the selected model from the round's loop.
    const pill = screen.getByText('roberta-irony', { selector: '.mantine-Pill-label' });
    const remove = pill.parentElement?.querySelector('button');
    if (remove) fireEvent.click(remove);
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/tasks/update_models_in_the_loop/7/1')[0]?.body).toEqual({
        model_ids: [],
      }),
    );
  });
});

describe('TaskOwnerPage: remote models', () => {
  const remote = {
    id: 21,
    name: 'irony-remote',
    kind: 'remote',
    desc: 'Hosted by its authors',
    uid: 4,
    username: 'olivia',
    is_published: true,
    deployment_status: 'deployed',
    light_model: 'https://models.example.org/irony',
    rounds_in_the_loop: [],
  };

  it('registers an endpoint, checks it first, and shows its secret once', async () => {
    const fetchMock = setup(task(), {
      'POST /api/tasks/7/remote_models': () =>
        jsonResponse({ model: remote, secret: 'ab'.repeat(32) }),
    });
    await openConsole('/task-owner-interface/irony#models');
    const form = await screen.findByRole('form', { name: 'Register a remote model' });

    fill('Model name', 'irony-remote', form);
    fill('Endpoint URL', 'javascript:alert(1)', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Register model' }));
    expect(
      await within(form).findByText(
        'The endpoint must be an absolute http(s) URL without credentials or #fragment.',
      ),
    ).toBeDefined();
    expect(callsTo(fetchMock, 'POST /api/tasks/7/remote_models')).toHaveLength(0);

    fill('Endpoint URL', ' https://models.example.org/irony ', form);
    fill('Description', 'Hosted by its authors', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Register model' }));
    const secret = await screen.findByLabelText('Model secret');
    expect(secret.textContent).toBe('ab'.repeat(32));
    expect(callsTo(fetchMock, 'POST /api/tasks/7/remote_models')[0]?.body).toEqual({
      name: 'irony-remote',
      endpoint_url: 'https://models.example.org/irony',
      desc: 'Hosted by its authors',
    });
    expect(field('Model name', form).value).toBe('');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    setup(task(), {
      'POST /api/tasks/7/remote_models': () =>
        jsonResponse(
          errorBody({
            status_code: 400,
            error: 'body/name must NOT have more than 100 characters',
            code: 'validation',
          }),
          400,
        ),
    });
    await openConsole('/task-owner-interface/irony#models');
    const form = await screen.findByRole('form', { name: 'Register a remote model' });
    fill('Model name', 'irony-remote', form);
    fill('Endpoint URL', 'https://models.example.org/irony', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Register model' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'must NOT have more than 100 characters',
    );
    expect(field('Endpoint URL', form).value).toBe('https://models.example.org/irony');
  });

  it('moves a remote model’s endpoint and replaces its secret after asking', async () => {
    const fetchMock = setup(task(), {
      'GET /api/tasks/get_model_identifiers/7': () => jsonResponse([remote]),
      'PUT /api/tasks/7/remote_models/21': (request) =>
        jsonResponse({ ...remote, ...(request.body as object) }),
      'PUT /api/tasks/7/remote_models/21/secret': () => jsonResponse({ secret: 'cd'.repeat(32) }),
    });
    await openConsole('/task-owner-interface/irony#models');
    const table = await screen.findByRole('table', { name: 'Models of this task' });
    expect(within(table).getByText('Remote endpoint')).toBeDefined();
    expect(within(table).getByText('https://models.example.org/irony')).toBeDefined();

    fireEvent.click(within(table).getByRole('button', { name: 'Edit irony-remote' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit irony-remote' });
    fill('Endpoint URL', 'https://moved.example.org/irony', edit);
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/tasks/7/remote_models/21')[0]?.body).toEqual({
        name: 'irony-remote',
        endpoint_url: 'https://moved.example.org/irony',
        desc: 'Hosted by its authors',
      }),
    );

    fireEvent.click(within(table).getByRole('button', { name: 'New secret for irony-remote' }));
    const confirm = await screen.findByRole('dialog', { name: 'New secret for irony-remote?' });
    expect(callsTo(fetchMock, 'PUT /api/tasks/7/remote_models/21/secret')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace the secret' }));
    expect((await screen.findByLabelText('Model secret')).textContent).toBe('cd'.repeat(32));
  });
});

describe('TaskOwnerPage: #datasets', () => {
  it('lists the datasets and updates an access type inline', async () => {
    const dataset = makeDataset({ id: 31, tid: 7, name: 'irony-test', line_count: 120 });
    const fetchMock = setup(task(), {
      'GET /api/tasks/datasets/7': () => jsonResponse([dataset]),
      'PUT /api/datasets/update/31': (request) =>
        jsonResponse({ ...dataset, ...(request.body as object) }),
    });
    await openConsole('/task-owner-interface/irony#datasets');

    const table = await screen.findByRole('table', { name: 'Datasets of this task' });
    const row = within(table).getByRole('row', { name: /irony-test/ });
    expect(row.textContent).toContain('120');
    const select = within(row).getByRole('combobox', { name: 'Access type of irony-test' });
    expect((select as HTMLInputElement).value).toBe('hidden');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'scoring' }));

    expect(await screen.findByText('irony-test was updated.')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/datasets/update/31')[0]?.body).toEqual({
      access_type: 'scoring',
    });
  });

  it('checks the name, then shows each bad line the server found, storing nothing', async () => {
    const fetchMock = setup(task(), {
      'POST /api/datasets/create/7/irony-dev': () =>
        jsonResponse(
          errorBody({
            status_code: 400,
            code: 'validation_failed',
            error:
              'The file was not stored: line 2 (label): must be one of negative, positive, neutral',
            details: [
              { path: 'line 2.label', message: 'must be one of negative, positive, neutral' },
              { path: 'line 4.uid', message: 'is required (string or number)' },
            ],
          }),
          400,
        ),
    });
    await openConsole('/task-owner-interface/irony#datasets');
    await screen.findByText(MESSAGES.noDataFound);
    const form = screen.getByRole('form', { name: 'Upload dataset' });

    fill('Dataset name', 'irony dev!', form);
    upload(within(form).getByLabelText('Dataset file'), 'dev.jsonl', '{}\n');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload dataset' }));
    expect(
      await within(form).findByText('Dataset names use letters, digits and dashes (at most 62)'),
    ).toBeDefined();
    expect(callsTo(fetchMock, 'POST /api/datasets/create/7/irony-dev')).toHaveLength(0);

    fill('Dataset name', 'irony-dev', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Upload dataset' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('The dataset was not stored');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'line 2 — label: must be one of negative, positive, neutral',
      'line 4 — uid: is required (string or number)',
    ]);
  });

  it('uploads a dataset and says how many lines and evaluations', async () => {
    let datasets: ReturnType<typeof makeDataset>[] = [];
    const created = makeDataset({ id: 40, tid: 7, name: 'irony-dev', line_count: 3 });
    setup(task(), {
      'GET /api/tasks/datasets/7': () => jsonResponse(datasets),
      'POST /api/datasets/create/7/irony-dev': () => {
        datasets = [created];
        return jsonResponse({
          success: 'ok',
          dataset: created,
          updated_existing_dataset: false,
          evaluations_queued: 2,
        });
      },
    });
    await openConsole('/task-owner-interface/irony#datasets');
    await screen.findByText(MESSAGES.noDataFound);
    const form = screen.getByRole('form', { name: 'Upload dataset' });

    fill('Dataset name', 'irony-dev', form);
    upload(within(form).getByLabelText('Dataset file'), 'dev.jsonl', '{}\n');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload dataset' }));

    expect(
      await within(form).findByText('Dataset irony-dev stored: 3 lines; 2 evaluations queued.'),
    ).toBeDefined();
    expect(await screen.findByRole('row', { name: /irony-dev/ })).toBeDefined();
  });

  it('deletes a dataset after a confirmation', async () => {
    let datasets = [makeDataset({ id: 31, tid: 7, name: 'irony-test' })];
    const fetchMock = setup(task(), {
      'GET /api/tasks/datasets/7': () => jsonResponse(datasets),
      'DELETE /api/datasets/delete/31': () => {
        datasets = [];
        return jsonResponse({ success: 'ok' });
      },
    });
    await openConsole('/task-owner-interface/irony#datasets');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete irony-test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dataset' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete dataset' }));

    expect(await screen.findByText('irony-test was deleted.')).toBeDefined();
    expect(callsTo(fetchMock, 'DELETE /api/datasets/delete/31')).toHaveLength(1);
    expect(await screen.findByText(MESSAGES.noDataFound)).toBeDefined();
  });
});
