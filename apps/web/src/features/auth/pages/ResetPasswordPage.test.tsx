import { MESSAGES } from '@dynaloop/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { fieldErrorText, fill, submitForm } from '../../../test/form';
import { renderApp } from '../../../test/render';
import { PASSWORD_RESET_DONE } from './ResetPasswordPage';

const TOKEN = 'a'.repeat(32);
const RESOLVE = `POST /api/recover/resolve/${TOKEN}`;

async function openPage() {
  const result = renderApp(`/reset-password/${TOKEN}`);
  await screen.findByRole('form', { name: 'Reset password' });
  return result;
}

function submit() {
  submitForm('Reset password', 'Reset password');
}

function fillAll(password: string, confirmation: string) {
  fill('Email', 'alice@example.com');
  fill('New password', password);
  fill('Confirm new password', confirmation);
}

describe('ResetPasswordPage', () => {
  it('requires the email, the password and its confirmation', async () => {
    const fetchMock = mockRoutes({});
    await openPage();

    submit();

    expect(fieldErrorText('Email')).toBe(MESSAGES.required);
    expect(fieldErrorText('New password')).toBe(MESSAGES.required);
    expect(fieldErrorText('Confirm new password')).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, RESOLVE)).toHaveLength(0);
    expect(document.title).toBe('Reset password · Dynaloop');
  });

  it('says "Make sure both passwords entered are same" when they differ', async () => {
    const fetchMock = mockRoutes({});
    await openPage();

    fillAll('new password 1', 'new password 2');
    submit();

    expect(fieldErrorText('Confirm new password')).toBe(MESSAGES.passwordsDiffer);
    expect(MESSAGES.passwordsDiffer).toBe('Make sure both passwords entered are same');
    expect(callsTo(fetchMock, RESOLVE)).toHaveLength(0);
  });

  it('says "Reset failed (token invalid?)" when the server refuses', async () => {
    mockRoutes({
      [RESOLVE]: () =>
        jsonResponse({ status_code: 401, error: 'Invalid token', code: 'unauthorized' }, 401),
    });
    await openPage();

    fillAll('new password', 'new password');
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.resetFailed);
  });

  it('sends the token with the email and password, then asks to log in', async () => {
    const fetchMock = mockRoutes({ [RESOLVE]: () => jsonResponse({ success: 'ok' }) });
    const { router } = await openPage();

    fillAll('new password', 'new password');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('msg')).toBe(
      'Your password has been reset. Please log in.',
    );
    expect(PASSWORD_RESET_DONE).toBe('Your password has been reset. Please log in.');
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_RESET_DONE);
    expect(callsTo(fetchMock, RESOLVE)[0]?.body).toEqual({
      email: 'alice@example.com',
      password: 'new password',
    });
  });
});
