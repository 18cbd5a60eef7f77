import { MESSAGES } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../lib/auth';
import { makeToken, makeUser } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { fieldErrorText, fill, submitForm } from '../../../test/form';
import { renderApp } from '../../../test/render';

const REGISTER = 'POST /api/users';
const SETTINGS = 'GET /api/platform/settings';
const CONSENT = 'I am 18 or older and accept the Terms of Use and the Data Policy';

function settings(betaLogin: boolean) {
  return () =>
    jsonResponse({ flags: { beta_login: betaLogin, fork: true, snapshot: true, dynaboard: true } });
}

function consent() {
  return screen.getByRole('checkbox', { name: CONSENT });
}

function fillValid() {
  fill('Email', 'bob@example.com');
  fill('Username', 'bob');
  fill('Password', 'long enough');
  fireEvent.click(consent());
}

function submit() {
  submitForm('Sign up', 'Sign up');
}

async function openRegister(path = '/register') {
  const result = renderApp(path);
  await screen.findByRole('form', { name: 'Sign up' });
  return result;
}

describe('RegisterPage', () => {
  it('asks for age and consent with links to the Terms of Use and the Data Policy', async () => {
    mockRoutes({ [SETTINGS]: settings(false) });
    await openRegister();

    expect(document.title).toBe('Sign up · Dynaloop');
    const label = consent().closest('.mantine-Checkbox-root') as HTMLElement;
    expect(within(label).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe(
      '/termsofuse',
    );
    expect(within(label).getByRole('link', { name: 'Data Policy' }).getAttribute('href')).toBe(
      '/datapolicy',
    );
  });

  it('shows every validation message of an empty form and sends nothing', async () => {
    const fetchMock = mockRoutes({ [SETTINGS]: settings(false) });
    await openRegister();

    submit();

    expect(fieldErrorText('Email')).toBe(MESSAGES.required);
    expect(fieldErrorText('Username')).toBe(MESSAGES.required);
    expect(fieldErrorText('Password')).toBe(MESSAGES.minPasswordLength);
    const consentRoot = consent().closest('.mantine-Checkbox-root') as HTMLElement;
    expect(within(consentRoot).getByText(MESSAGES.required)).toBeDefined();
    expect(callsTo(fetchMock, REGISTER)).toHaveLength(0);
  });

  it('says "Invalid email address" and checks the password length', async () => {
    mockRoutes({ [SETTINGS]: settings(false) });
    await openRegister();

    fill('Email', 'not-an-address');
    fill('Password', '1234567');
    submit();

    expect(fieldErrorText('Email')).toBe(MESSAGES.invalidEmail);
    expect(fieldErrorText('Password')).toBe(MESSAGES.minPasswordLength);

    fill('Password', '12345678');
    submit();
    expect(fieldErrorText('Password')).toBeNull();
  });

  it('has no invite code field unless the beta_login flag is on', async () => {
    mockRoutes({ [SETTINGS]: settings(false) });
    await openRegister();
    await waitFor(() => expect(screen.queryByLabelText(/Invite code/)).toBeNull());
  });

  it('requires the invite code when the beta_login flag is on and shows the server’s refusal under it', async () => {
    const fetchMock = mockRoutes({
      [SETTINGS]: settings(true),
      [REGISTER]: () =>
        jsonResponse(
          { status_code: 400, error: MESSAGES.unknownInviteCode, code: 'bad_request' },
          400,
        ),
    });
    await openRegister();
    await screen.findByLabelText(/^Invite code/);

    fillValid();
    submit();
    expect(fieldErrorText('Invite code')).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, REGISTER)).toHaveLength(0);

    fill('Invite code', 'WRONG');
    submit();

    await waitFor(() => expect(fieldErrorText('Invite code')).toBe(MESSAGES.unknownInviteCode));
    expect(callsTo(fetchMock, REGISTER)[0]?.body).toMatchObject({ invite_code: 'WRONG' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Registration failed (…)" with the server’s error', async () => {
    mockRoutes({
      [SETTINGS]: settings(false),
      [REGISTER]: () =>
        jsonResponse({ status_code: 409, error: 'Email already exists', code: 'conflict' }, 409),
    });
    await openRegister();

    fillValid();
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(
      MESSAGES.registrationFailed('Email already exists'),
    );
    expect(MESSAGES.registrationFailed('Email already exists')).toBe(
      'Registration failed (Email already exists)',
    );
  });

  it('shows the details of a validation_failed answer under their fields', async () => {
    mockRoutes({
      [SETTINGS]: settings(false),
      [REGISTER]: () =>
        jsonResponse(
          {
            status_code: 400,
            error: 'Validation failed',
            code: 'validation_failed',
            details: [
              {
                path: 'username',
                message: 'Use letters, digits, dots, dashes and underscores only',
              },
            ],
          },
          400,
        ),
    });
    await openRegister();

    fillValid();
    submit();

    await waitFor(() =>
      expect(fieldErrorText('Username')).toBe(
        'Use letters, digits, dots, dashes and underscores only',
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      MESSAGES.registrationFailed('Validation failed'),
    );
  });

  it('logs the new user in and goes to src', async () => {
    const user = makeUser({ id: 9, username: 'bob', email: 'bob@example.com' });
    const token = makeToken({ id: 9, username: 'bob' });
    const fetchMock = mockRoutes({
      [SETTINGS]: settings(false),
      [REGISTER]: () => jsonResponse({ user, token }),
      'GET /api/users/9': () => jsonResponse(user),
    });
    const { router } = await openRegister('/register?src=/about');

    fillValid();
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(callsTo(fetchMock, REGISTER)[0]?.body).toEqual({
      email: 'bob@example.com',
      username: 'bob',
      password: 'long enough',
    });
    expect(await screen.findByRole('button', { name: /^bob: account menu/ })).toBeDefined();
  });
});
