import { MESSAGES, type TaskDetail } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser, paged } from '../../../test/auth';
import { callsTo, jsonResponse, type MockRequest, mockRoutes } from '../../../test/fetch';
import { errorBody, makeRoundDetail, makeTaskDetail } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

type Handler = (request: MockRequest) => Response;

const sentiment = makeTaskDetail({
  id: 7,
  name: 'Sentiment Analysis',
  desc: 'Is the sentiment of a sentence positive, negative or neutral?',
  task_code: 'sentiment',
  cur_round: 2,
});

const round1 = makeRoundDetail({
  tid: 7,
  rid: 1,
  longdesc: 'The first round used a small model.',
  total_collected: 3,
  total_fooled: 0,
  total_verified_fooled: 0,
});
const round2 = makeRoundDetail({
  tid: 7,
  rid: 2,
  longdesc: 'Round two puts a larger model in the loop.',
  total_collected: 5,
  total_fooled: 1,
  total_verified_fooled: 1,
});

/** A server that knows `task` (by code, any case, and by id) and its rounds. */
function serve(task: TaskDetail = sentiment, routes: Record<string, Handler> = {}) {
  const answer = () => jsonResponse(task);
  return mockRoutes({
    [`GET /api/tasks/${task.task_code}`]: answer,
    [`GET /api/tasks/${task.task_code.toUpperCase()}`]: answer,
    [`GET /api/tasks/SentiMENT`]: answer,
    [`GET /api/tasks/${String(task.id)}`]: answer,
    [`GET /api/tasks/${task.task_code}/1`]: () => jsonResponse(round1),
    [`GET /api/tasks/${task.task_code}/2`]: () => jsonResponse(round2),
    [`GET /api/tasks/admin_or_owner/${String(task.id)}`]: () =>
      jsonResponse({ admin_or_owner: false }),
    [`GET /api/tasks/${String(task.id)}/users`]: () => jsonResponse(paged([])),
    [`GET /api/tasks/${String(task.id)}/rounds/1/users`]: () => jsonResponse(paged([])),
    [`GET /api/tasks/${String(task.id)}/rounds/2/users`]: () => jsonResponse(paged([])),
    ...routes,
  });
}

async function heading(name = 'Sentiment Analysis') {
  return screen.findByRole('heading', { level: 1, name });
}

function statValue(label: string): string | null | undefined {
  const stats = screen.getByRole('region', { name: 'Round statistics' });
  return within(stats).getByText(label).nextElementSibling?.textContent;
}

function tabNames(): string[] {
  return within(screen.getByRole('tablist', { name: 'Rounds' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

function selectedTab(): string | null | undefined {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent;
}

describe('TaskPage: loading', () => {
  it('shows the name, the description and the overall statistics summed over the rounds', async () => {
    serve();
    renderApp('/tasks/sentiment');

    await heading();
    expect(screen.getByText(sentiment.desc ?? '')).toBeDefined();
    expect(selectedTab()).toBe('Overall');
    await waitFor(() => expect(statValue('Examples collected')).toBe('8'));
    expect(statValue('Current round')).toBe('2');
    expect(statValue('Fooled')).toBe('1');
    expect(statValue('Verified fooled')).toBe('1');
    expect(statValue('Model error rate')).toBe('12.50%');
    expect(document.title).toBe('Sentiment Analysis · Dynaloop');
  });

  it('replaces a URL in another case with the canonical one, keeping the round', async () => {
    serve();
    const { router } = renderApp('/tasks/SentiMENT/round/2');

    await heading();
    expect(router.state.location.pathname).toBe('/tasks/sentiment/round/2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(selectedTab()).toBe('Round 2 (active)');
  });

  it('replaces a task id in the URL with the task code', async () => {
    serve();
    const { router } = renderApp('/tasks/7');

    await heading();
    expect(router.state.location.pathname).toBe('/tasks/sentiment');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects to the home page when the task load answers 404', async () => {
    mockRoutes({});
    const { router } = renderApp('/tasks/unknown');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects to the home page when the task load answers 405', async () => {
    mockRoutes({
      'GET /api/tasks/odd': () =>
        jsonResponse(
          errorBody({ status_code: 405, error: 'Method not allowed', code: 'method_not_allowed' }),
          405,
        ),
    });
    const { router } = renderApp('/tasks/odd');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows other errors with a Retry button', async () => {
    let calls = 0;
    mockRoutes({
      'GET /api/tasks/sentiment': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(errorBody({ error: 'Something broke on our side' }), 500)
          : jsonResponse(sentiment);
      },
      'GET /api/tasks/sentiment/1': () => jsonResponse(round1),
      'GET /api/tasks/sentiment/2': () => jsonResponse(round2),
    });
    renderApp('/tasks/sentiment');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something broke on our side')).toBeDefined();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await heading();
  });

  it('sends the login with the task load, so that owners see their hidden tasks', async () => {
    logInAs(makeUser({ id: 4, username: 'owner' }));
    const fetchMock = serve({ ...sentiment, hidden: true });
    renderApp('/tasks/sentiment');

    await heading();
    expect(callsTo(fetchMock, 'GET /api/tasks/sentiment')[0]?.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );
  });
});

describe('TaskPage: rounds', () => {
  it('offers Overall and every round, the current one marked active', async () => {
    serve();
    renderApp('/tasks/sentiment');

    await heading();
    expect(tabNames()).toEqual(['Overall', 'Round 1', 'Round 2 (active)']);
  });

  it('moves the URL with the round selector and shows that round’s figures and description', async () => {
    const fetchMock = serve();
    const { router } = renderApp('/tasks/sentiment');
    await heading();

    fireEvent.click(screen.getByRole('tab', { name: 'Round 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/sentiment/round/1'));
    expect(await screen.findByText('The first round used a small model.')).toBeDefined();
    expect(statValue('Examples collected')).toBe('3');
    expect(statValue('Fooled')).toBe('0');
    expect(statValue('Model error rate')).toBe('0.00%');

    fireEvent.click(screen.getByRole('tab', { name: 'Round 2 (active)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/sentiment/round/2'));
    expect(await screen.findByText('Round two puts a larger model in the loop.')).toBeDefined();
    expect(statValue('Examples collected')).toBe('5');
    expect(statValue('Model error rate')).toBe('20.00%');

    fireEvent.click(screen.getByRole('tab', { name: 'Overall' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/sentiment'));
    await waitFor(() => expect(statValue('Model error rate')).toBe('12.50%'));
    expect(screen.queryByText('Round two puts a larger model in the loop.')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/tasks/sentiment/1').length).toBeGreaterThan(0);
  });

  it('opens the round the URL names', async () => {
    serve();
    renderApp('/tasks/sentiment/round/1');

    await heading();
    expect(selectedTab()).toBe('Round 1');
    await waitFor(() => expect(statValue('Examples collected')).toBe('3'));
  });

  it('shows 0.00% when nothing was collected', async () => {
    const fresh = makeTaskDetail({ id: 9, task_code: 'fresh', name: 'Fresh task', cur_round: 1 });
    mockRoutes({
      'GET /api/tasks/fresh': () => jsonResponse(fresh),
      'GET /api/tasks/fresh/1': () => jsonResponse(makeRoundDetail({ tid: 9, rid: 1 })),
    });
    renderApp('/tasks/fresh');

    await heading('Fresh task');
    await waitFor(() => expect(statValue('Examples collected')).toBe('0'));
    expect(statValue('Model error rate')).toBe('0.00%');
    expect(tabNames()).toEqual(['Overall', 'Round 1 (active)']);
  });

  it('goes to the overall view when the URL names a round the task does not have', async () => {
    serve();
    const { router } = renderApp('/tasks/sentiment/round/9');

    await heading();
    expect(router.state.location.pathname).toBe('/tasks/sentiment');
    expect(selectedTab()).toBe('Overall');
  });
});

describe('TaskPage: actions and settings', () => {
  function actionNames(): string[] {
    const nav = screen.queryByRole('navigation', { name: 'Task actions' });
    return nav
      ? within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent ?? '')
      : [];
  }

  it('offers the actions the task’s flags allow, with their links', async () => {
    serve({
      ...sentiment,
      dynamic_adversarial_data_collection: true,
      dynamic_adversarial_data_validation: true,
      submitable: true,
      has_predictions_upload: true,
    });
    renderApp('/tasks/sentiment');
    await heading();

    const links = within(screen.getByRole('navigation', { name: 'Task actions' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Create examples', '/tasks/sentiment/create'],
      ['Validate examples', '/tasks/sentiment/validate'],
      ['Upload model', '/tasks/sentiment/uploadModel'],
      ['Submit predictions', '/tasks/7/submit_predictions'],
    ]);
  });

  it('offers train files instead of model uploads for a train-file task', async () => {
    serve({
      ...sentiment,
      dynamic_adversarial_data_collection: false,
      dynamic_adversarial_data_validation: true,
      submitable: true,
      has_train_file_upload: true,
    });
    renderApp('/tasks/sentiment');
    await heading();

    expect(actionNames()).toEqual(['Submit train files']);
    expect(screen.getByRole('link', { name: 'Submit train files' }).getAttribute('href')).toBe(
      '/tasks/7/submit_train_files',
    );
  });

  it('offers nothing when no flag is set', async () => {
    serve({ ...sentiment, dynamic_adversarial_data_collection: false });
    renderApp('/tasks/sentiment');
    await heading();

    expect(actionNames()).toEqual([]);
  });

  it('says the owner still needs to activate an inactive task and hides the actions', async () => {
    serve({ ...sentiment, active: false, submitable: true });
    renderApp('/tasks/sentiment');
    await heading();

    const notice = screen.getByText('The task owner still needs to activate this task');
    expect(notice.closest('[role="status"]')?.textContent).toBe(MESSAGES.taskNotActive);
    expect(screen.queryByRole('navigation', { name: 'Task actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create examples' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Task settings' })).toBeNull();
  });

  it('shows the settings gear to an owner, even on an inactive task', async () => {
    logInAs(makeUser({ id: 4, username: 'owner' }));
    const fetchMock = serve(
      { ...sentiment, active: false },
      { 'GET /api/tasks/admin_or_owner/7': () => jsonResponse({ admin_or_owner: true }) },
    );
    renderApp('/tasks/sentiment');
    await heading();

    const gear = await screen.findByRole('link', { name: 'Task settings' });
    expect(gear.getAttribute('href')).toBe('/task-owner-interface/sentiment');
    expect(screen.getByText(MESSAGES.taskNotActive)).toBeDefined();
    expect(
      callsTo(fetchMock, 'GET /api/tasks/admin_or_owner/7')[0]?.headers.get('Authorization'),
    ).toMatch(/^Bearer /);
  });

  it('hides the gear from a logged-in user who does not own the task', async () => {
    logInAs(makeUser({ id: 5, username: 'bob' }));
    const fetchMock = serve();
    renderApp('/tasks/sentiment');
    await heading();

    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/tasks/admin_or_owner/7')).toHaveLength(1),
    );
    expect(screen.queryByRole('link', { name: 'Task settings' })).toBeNull();
  });

  it('does not even ask for visitors', async () => {
    const fetchMock = serve();
    renderApp('/tasks/sentiment');
    await heading();
    await waitFor(() => expect(statValue('Examples collected')).toBe('8'));

    expect(callsTo(fetchMock, 'GET /api/tasks/admin_or_owner/7')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Task settings' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/tasks/sentiment')[0]?.headers.get('Authorization')).toBe(
      null,
    );
  });
});

describe('TaskPage: user leaderboard', () => {
  const row = (uid: number, username: string, MER: string, total: string) => ({
    uid,
    username,
    avatar_url: uid === 5 ? '/api/avatars/bob.png' : '',
    MER,
    total,
    count: 1,
  });

  function leaderboard() {
    return screen.getByRole('table', { name: 'User leaderboard' });
  }

  it('ranks contributors with their avatar, profile link, verified MER and totals, 7 a page', async () => {
    const fetchMock = serve(sentiment, {
      'GET /api/tasks/7/users': ({ url }) =>
        url.searchParams.get('offset') === '0'
          ? jsonResponse(paged([row(5, 'bob', '50.00', '2/4'), row(6, 'carol', '12.50', '1/8')], 9))
          : jsonResponse(paged([row(8, 'dave', '0.00', '0/3')], 9)),
    });
    renderApp('/tasks/sentiment');
    await heading();

    const table = await screen.findByRole('table', { name: 'User leaderboard' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'User', 'Verified MER', 'Totals']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1bob50.00%2/4', '2carol12.50%1/8']);
    expect(within(table).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe(
      '/users/5#profile',
    );
    expect(within(table).getByRole('img', { name: 'Avatar of bob' }).getAttribute('src')).toBe(
      '/api/avatars/bob.png',
    );
    const first = callsTo(fetchMock, 'GET /api/tasks/7/users')[0];
    expect(first?.url.searchParams.get('limit')).toBe('7');
    expect(first?.url.searchParams.get('offset')).toBe('0');

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'User leaderboard pages' })).getByRole(
        'button',
        { name: 'Page 2' },
      ),
    );
    await waitFor(() => expect(within(leaderboard()).getByText('dave')).toBeDefined());
    expect(within(leaderboard()).getAllByRole('row')[1]?.textContent).toBe('8dave0.00%0/3');
  });

  it('follows the selected round and says "No data found" when it is empty', async () => {
    const fetchMock = serve(sentiment, {
      'GET /api/tasks/7/users': () => jsonResponse(paged([row(5, 'bob', '50.00', '2/4')])),
    });
    renderApp('/tasks/sentiment');
    await heading();
    await screen.findByRole('table', { name: 'User leaderboard' });

    fireEvent.click(screen.getByRole('tab', { name: 'Round 1' }));
    const section = screen.getByRole('region', { name: 'User leaderboard' });
    expect(await within(section).findByText(MESSAGES.noDataFound)).toBeDefined();
    expect(
      callsTo(fetchMock, 'GET /api/tasks/7/rounds/1/users')[0]?.url.searchParams.get('limit'),
    ).toBe('7');
  });

  it('is hidden when the task does not show it', async () => {
    const fetchMock = serve({ ...sentiment, show_user_leaderboard: false });
    renderApp('/tasks/sentiment');
    await heading();
    await waitFor(() => expect(statValue('Examples collected')).toBe('8'));

    expect(screen.queryByRole('region', { name: 'User leaderboard' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/tasks/7/users')).toHaveLength(0);
  });
});

describe('TaskPage: validation agreement', () => {
  const agreement = {
    rid: 2,
    collected: 5,
    verified_fooled: 1,
    verified_mer: 20,
    verified_mer_ci: [3.62, 62.45],
    examples_validated: 2,
    validations: 6,
    alpha: 0.7432,
    alpha_ci: [0.5, 0.9],
  };

  function figure(label: string) {
    const card = screen.getByRole('region', { name: 'Validation agreement' });
    return within(card).getByText(label).nextElementSibling?.textContent;
  }

  it('shows owners the round’s alpha and verified error rate with their intervals', async () => {
    logInAs(makeUser({ id: 4, username: 'owner' }));
    const fetchMock = serve(sentiment, {
      'GET /api/tasks/admin_or_owner/7': () => jsonResponse({ admin_or_owner: true }),
      'GET /api/tasks/7/rounds/2/agreement': () => jsonResponse(agreement),
    });
    renderApp('/tasks/sentiment/round/2');
    await heading();

    await screen.findByRole('region', { name: 'Validation agreement' });
    await waitFor(() => expect(figure('Krippendorff’s α')).toBe('0.7495% CI 0.50 to 0.90'));
    expect(figure('Verified model error rate')).toBe('20.00%95% CI 3.62% to 62.45%');
    expect(figure('Examples validated')).toBe('2');
    expect(figure('Validations')).toBe('6');
    expect(
      callsTo(fetchMock, 'GET /api/tasks/7/rounds/2/agreement')[0]?.headers.get('Authorization'),
    ).toMatch(/^Bearer /);
  });

  it('says n/a when nothing could be measured', async () => {
    logInAs(makeUser({ id: 4, username: 'owner' }));
    serve(sentiment, {
      'GET /api/tasks/admin_or_owner/7': () => jsonResponse({ admin_or_owner: true }),
      'GET /api/tasks/7/rounds/1/agreement': () =>
        jsonResponse({
          ...agreement,
          rid: 1,
          verified_mer: null,
          verified_mer_ci: null,
          alpha: null,
          alpha_ci: null,
          examples_validated: 0,
          validations: 0,
        }),
    });
    renderApp('/tasks/sentiment/round/1');
    await heading();

    await screen.findByRole('region', { name: 'Validation agreement' });
    await waitFor(() => expect(figure('Krippendorff’s α')).toBe('n/a'));
    expect(figure('Verified model error rate')).toBe('n/a');
  });

  it('is shown neither for the overall view nor to contributors who do not own the task', async () => {
    logInAs(makeUser({ id: 4, username: 'owner' }));
    const fetchMock = serve(sentiment, {
      'GET /api/tasks/admin_or_owner/7': () => jsonResponse({ admin_or_owner: true }),
    });
    const { router } = renderApp('/tasks/sentiment');
    await heading();
    await waitFor(() => expect(statValue('Examples collected')).toBe('8'));
    expect(screen.queryByRole('region', { name: 'Validation agreement' })).toBeNull();

    logInAs(makeUser({ id: 5, username: 'bob' }));
    await router.navigate('/tasks/sentiment/round/2');
    await waitFor(() => expect(selectedTab()).toBe('Round 2 (active)'));
    expect(screen.queryByRole('region', { name: 'Validation agreement' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/tasks/7/rounds/2/agreement')).toHaveLength(0);
  });
});
