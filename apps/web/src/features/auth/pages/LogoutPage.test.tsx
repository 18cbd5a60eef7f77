import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../lib/auth';
import { logInAs, makeUser } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { userKeys } from '../api/keys';

describe('LogoutPage', () => {
  it('revokes the session, forgets the token and the user’s data, and goes home', async () => {
    const user = makeUser({ id: 3 });
    logInAs(user);
    const fetchMock = mockRoutes({
      'POST /api/authenticate/logout': () => jsonResponse({ success: 'ok' }),
      'GET /api/users/3': () => jsonResponse(user),
      'GET /api/task/get_active_tasks_with_round_info': () => jsonResponse([]),
    });

    const { router, queryClient } = renderApp('/logout');
    queryClient.setQueryData(userKeys.detail(3), user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'POST /api/authenticate/logout')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(queryClient.getQueryData(userKeys.detail(3))).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeDefined();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    logInAs(makeUser({ id: 3 }));
    mockRoutes({
      'POST /api/authenticate/logout': () =>
        jsonResponse({ status_code: 500, error: 'Down', code: 'internal' }, 500),
      'GET /api/task/get_active_tasks_with_round_info': () => jsonResponse([]),
    });

    const { router } = renderApp('/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
