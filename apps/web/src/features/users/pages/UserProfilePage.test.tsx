import { MESSAGES } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser, paged } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

const viewer = makeUser({ id: 1, username: 'alice' });
const {
  email: _e,
  realname: _r,
  admin: _a,
  unseen_notifications: _u,
  created_at: _c,
  ...bob
} = makeUser({
  id: 7,
  username: 'bob',
  affiliation: 'Bob Labs',
  avatar_url: '/api/avatars/bob.png',
  examples_submitted: 4,
  total_fooled: 1,
  models_submitted: 2,
});

function serve(routes: Record<string, () => Response> = {}) {
  return mockRoutes({
    'GET /api/users/1': () => jsonResponse(viewer),
    'GET /api/users/7/badges': () =>
      jsonResponse({ ...bob, badges: [{ name: 'FIRST_CREATED', awarded: '2024-01-01' }] }),
    'GET /api/users/7/models': () =>
      jsonResponse(
        paged([
          {
            id: 3,
            name: 'bob-model',
            is_published: true,
            task: { id: 1, task_code: 'nli', name: 'NLI' },
          },
        ]),
      ),
    ...routes,
  });
}

describe('UserProfilePage', () => {
  it('sends visitors to the login page with "Please login first." and src=/users/{id}', async () => {
    mockRoutes({});
    const { router } = renderApp('/users/7');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?msg=Please%20login%20first.&src=/users/7');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('msg')).toBe(MESSAGES.pleaseLoginFirst);
    expect(params.get('src')).toBe('/users/7');
  });

  it('shows the avatar, username, affiliation, counters and badges', async () => {
    logInAs(viewer);
    serve();
    renderApp('/users/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeDefined();
    expect(document.title).toBe('bob · Dynaloop');
    expect(screen.getByText('Bob Labs')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Avatar of bob' }).getAttribute('src')).toBe(
      '/api/avatars/bob.png',
    );
    const stats = screen.getByRole('region', { name: 'Statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value('Examples submitted')).toBe('4');
    expect(value('Models submitted')).toBe('2');
    expect(value('Model error rate (unverified)')).toBe('25.00%');
    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(within(badges).getByText('Created a first example')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Edit your profile' })).toBeNull();
  });

  it('links one’s own profile to the account page', async () => {
    logInAs(viewer);
    mockRoutes({
      'GET /api/users/1': () => jsonResponse(viewer),
      'GET /api/users/1/badges': () => jsonResponse({ ...viewer, badges: [] }),
    });
    renderApp('/users/1');

    const link = await screen.findByRole('link', { name: 'Edit your profile' });
    expect(link.getAttribute('href')).toBe('/account#profile');
    expect(screen.getByText(MESSAGES.noDataFound)).toBeDefined();
  });

  it('lists the models in the #models tab', async () => {
    logInAs(viewer);
    const fetchMock = serve();
    const { router } = renderApp('/users/7');
    await screen.findByRole('heading', { level: 1, name: 'bob' });

    fireEvent.click(screen.getByRole('tab', { name: 'Models' }));

    await waitFor(() => expect(router.state.location.hash).toBe('#models'));
    const link = await screen.findByRole('link', { name: 'bob-model' });
    expect(link.getAttribute('href')).toBe('/models/3');
    expect(callsTo(fetchMock, 'GET /api/users/7/models')[0]?.url.search).toBe('?limit=10&offset=0');
  });

  it('says "No data found" when the user has no models', async () => {
    logInAs(viewer);
    serve({ 'GET /api/users/7/models': () => jsonResponse(paged([])) });
    renderApp('/users/7#models');

    expect(await screen.findByText(MESSAGES.noDataFound)).toBeDefined();
  });

  it.each(['/users/404', '/users/not-a-number'])('redirects %s to the home page', async (path) => {
    logInAs(viewer);
    serve({
      'GET /api/users/404/badges': () =>
        jsonResponse({ status_code: 404, error: 'User not found', code: 'not_found' }, 404),
      'GET /api/task/get_active_tasks_with_round_info': () => jsonResponse([]),
    });
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
