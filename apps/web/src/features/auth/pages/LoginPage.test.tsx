import { MESSAGES } from '@dynaloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../lib/auth';
import { makeToken, makeUser } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { fieldErrorText, fill, submitForm } from '../../../test/form';
import { renderApp } from '../../../test/render';

const LOGIN = 'POST /api/authenticate';

function submit() {
  submitForm('Log in', 'Log in');
}

async function openLogin(path = '/login') {
  const result = renderApp(path);
  await screen.findByRole('form', { name: 'Log in' });
  return result;
}

describe('LoginPage', () => {
  it('has its title, the Sign up and Forgot password links', async () => {
    mockRoutes({});
    await openLogin();

    expect(document.title).toBe('Log in · Dynaloop');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(within(main).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the msg query parameter as an information', async () => {
    mockRoutes({});
    await openLogin('/login?msg=Please%20login%20first.&src=/account%23profile');

    expect(screen.getByRole('status').textContent).toBe('Please login first.');
  });

  it('says "Required" for an empty email and password and does not call the server', async () => {
    const fetchMock = mockRoutes({});
    await openLogin();

    submit();

    expect(fieldErrorText('Email')).toBe(MESSAGES.required);
    expect(fieldErrorText('Password')).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, LOGIN)).toHaveLength(0);
  });

  it('says "Authentication failed" when the server refuses the login', async () => {
    mockRoutes({
      [LOGIN]: () =>
        jsonResponse(
          { status_code: 401, error: 'Authentication failed', code: 'unauthorized' },
          401,
        ),
    });
    await openLogin();

    fill('Email', 'alice@example.com');
    fill('Password', 'wrong password');
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.authenticationFailed);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows the server’s own text when it rate-limits', async () => {
    mockRoutes({
      [LOGIN]: () =>
        jsonResponse(
          {
            status_code: 429,
            error: 'Too many attempts, try again in a minute',
            code: 'rate_limited',
          },
          429,
        ),
    });
    await openLogin();

    fill('Email', 'alice@example.com');
    fill('Password', 'secret123');
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts, try again in a minute',
    );
  });

  it('stores the token, shows the user in the navbar and goes to src', async () => {
    const user = makeUser({ id: 4, username: 'alice' });
    const token = makeToken({ id: 4, username: 'alice' });
    const fetchMock = mockRoutes({
      [LOGIN]: () => jsonResponse({ user, token }),
      'GET /api/users/4': () => jsonResponse(user),
    });
    const { router } = await openLogin('/login?src=/contact');

    fill('Email', ' alice@example.com ');
    fill('Password', 'secret123');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(callsTo(fetchMock, LOGIN)[0]?.body).toEqual({
      email: 'alice@example.com',
      password: 'secret123',
    });
    expect(await screen.findByRole('button', { name: /alice: account menu/ })).toBeDefined();
  });

  it('goes home without src and ignores a src that leaves the site', async () => {
    const user = makeUser({ id: 4 });
    mockRoutes({
      [LOGIN]: () => jsonResponse({ user, token: makeToken({ id: 4 }) }),
      'GET /api/users/4': () => jsonResponse(user),
      'GET /api/task/get_active_tasks_with_round_info': () => jsonResponse([]),
    });
    const { router } = await openLogin('/login?src=//evil.example.com');

    fill('Email', 'alice@example.com');
    fill('Password', 'secret123');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
