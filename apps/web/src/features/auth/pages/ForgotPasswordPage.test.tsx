import { MESSAGES } from '@dynaloop/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { fieldErrorText, fill, submitForm } from '../../../test/form';
import { renderApp } from '../../../test/render';

const INITIATE = 'POST /api/recover/initiate';

async function openPage() {
  renderApp('/forgot-password');
  await screen.findByRole('form', { name: 'Forgot password' });
}

function submit() {
  submitForm('Forgot password', 'Send reset link');
}

describe('ForgotPasswordPage', () => {
  it('requires the email', async () => {
    const fetchMock = mockRoutes({});
    await openPage();

    submit();

    expect(fieldErrorText('Email')).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, INITIATE)).toHaveLength(0);
    expect(document.title).toBe('Forgot password · Dynaloop');
  });

  it('says an email was sent after the server accepted the request', async () => {
    const fetchMock = mockRoutes({ [INITIATE]: () => jsonResponse({ success: 'ok' }) });
    await openPage();

    fill('Email', 'alice@example.com');
    submit();

    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.forgotPasswordSent);
    expect(callsTo(fetchMock, INITIATE)[0]?.body).toEqual({ email: 'alice@example.com' });
  });

  it.each([
    ['a server error', 500, 'internal'],
    ['a rate limit', 429, 'rate_limited'],
  ])('says the same after %s', async (_name, status, code) => {
    mockRoutes({
      [INITIATE]: () => jsonResponse({ status_code: status, error: 'Nope', code }, status),
    });
    await openPage();

    fill('Email', 'alice@example.com');
    submit();

    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.forgotPasswordSent);
    expect(screen.queryByText('Nope')).toBeNull();
  });
});
