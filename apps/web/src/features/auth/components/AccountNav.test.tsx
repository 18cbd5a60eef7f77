import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser } from '../../../test/auth';
import { jsonResponse, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

const TASKS = 'GET /api/task/get_active_tasks_with_round_info';

function header() {
  return screen.getByRole('banner');
}

async function openMenu(name: RegExp) {
  fireEvent.click(await within(header()).findByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('navbar account controls', () => {
  it('offers "Log in" and "Sign up" to visitors', async () => {
    mockRoutes({ [TASKS]: () => jsonResponse([]) });
    renderApp('/');

    expect(within(header()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(within(header()).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register',
    );
    await screen.findByText('No tasks yet');
  });

  it('shows the avatar menu of a logged-in user with their links', async () => {
    const user = makeUser({ id: 5, username: 'carol', unseen_notifications: 0 });
    logInAs(user);
    mockRoutes({ [TASKS]: () => jsonResponse([]), 'GET /api/users/5': () => jsonResponse(user) });
    renderApp('/');

    const menu = await openMenu(/^carol: account menu$/);
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['Account', '/account#profile'],
      ['Notifications', '/account#notifications'],
      ['Profile', '/users/5'],
      ['API token', '/generate_api_token'],
      ['Log out', '/logout'],
    ]);
    expect(within(header()).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('adds "Task proposals" for admins', async () => {
    const admin = makeUser({ id: 1, username: 'admin', admin: true });
    logInAs(admin);
    mockRoutes({ [TASKS]: () => jsonResponse([]), 'GET /api/users/1': () => jsonResponse(admin) });
    renderApp('/');

    await waitFor(() =>
      expect(within(header()).getByRole('button', { name: /^admin: account menu/ })).toBeDefined(),
    );
    const menu = await openMenu(/^admin: account menu/);
    await waitFor(() =>
      expect(
        within(menu).getByRole('menuitem', { name: 'Task proposals' }).getAttribute('href'),
      ).toBe('/account#admin_task_proposals'),
    );
  });

  it('announces the unseen notifications on the avatar and shows their count as a badge', async () => {
    const user = makeUser({ id: 5, username: 'carol', unseen_notifications: 3 });
    logInAs(user);
    mockRoutes({ [TASKS]: () => jsonResponse([]), 'GET /api/users/5': () => jsonResponse(user) });
    renderApp('/');

    const button = await within(header()).findByRole('button', {
      name: 'carol: account menu, 3 unseen notifications',
    });
    expect(button.querySelector('.mantine-Indicator-indicator')?.textContent).toBe('3');
  });

  it('hides the badge when every notification was seen', async () => {
    const user = makeUser({ id: 5, username: 'carol', unseen_notifications: 0 });
    logInAs(user);
    mockRoutes({ [TASKS]: () => jsonResponse([]), 'GET /api/users/5': () => jsonResponse(user) });
    renderApp('/');

    const button = await within(header()).findByRole('button', { name: 'carol: account menu' });
    expect(button.querySelector('.mantine-Indicator-indicator')).toBeNull();
    expect(button.textContent).not.toMatch(/\d/);
  });
});
