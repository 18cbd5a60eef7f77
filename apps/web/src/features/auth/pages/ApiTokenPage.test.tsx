import { MESSAGES } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser, paged } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

const LIST = 'GET /api/authenticate/api_tokens';
const GENERATE = 'GET /api/authenticate/generate_api_token';
const user = makeUser({ id: 2, username: 'dave' });

const existing = {
  id: 11,
  name: 'API token',
  prefix: 'dl_ab12',
  created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
  last_used_at: null,
};

describe('ApiTokenPage', () => {
  it('sends visitors to the login page with "Please login first."', async () => {
    mockRoutes({});
    const { router } = renderApp('/generate_api_token');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('msg')).toBe(MESSAGES.pleaseLoginFirst);
    expect(params.get('src')).toBe('/generate_api_token');
    expect(router.state.location.search).toBe(
      '?msg=Please%20login%20first.&src=/generate_api_token',
    );
  });

  it('lists the tokens with prefix, creation and last use', async () => {
    logInAs(user);
    mockRoutes({
      'GET /api/users/2': () => jsonResponse(user),
      [LIST]: () => jsonResponse(paged([existing])),
    });
    renderApp('/generate_api_token');

    const table = await screen.findByRole('table', { name: 'Your API tokens' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells[1]).toEqual(['dl_ab12…', '3 days ago', 'never', 'Revoke']);
    expect(document.title).toBe('API token · Dynaloop');
  });

  it('shows "No data found" without tokens', async () => {
    logInAs(user);
    mockRoutes({
      'GET /api/users/2': () => jsonResponse(user),
      [LIST]: () => jsonResponse(paged([])),
    });
    renderApp('/generate_api_token');

    expect(await screen.findByText(MESSAGES.noDataFound)).toBeDefined();
  });

  it('shows a new token once, with a Copy button and a warning, and refreshes the list', async () => {
    logInAs(user);
    let tokens: (typeof existing)[] = [];
    const fetchMock = mockRoutes({
      'GET /api/users/2': () => jsonResponse(user),
      [LIST]: () => jsonResponse(paged(tokens)),
      [GENERATE]: () => {
        tokens = [{ ...existing, prefix: 'dl_new1' }];
        return jsonResponse({ id: 12, api_token: 'dl_new1_secret_value', created_at: '' });
      },
    });
    renderApp('/generate_api_token');
    await screen.findByText(MESSAGES.noDataFound);

    fireEvent.click(screen.getByRole('button', { name: 'Generate API token' }));

    const shown = await screen.findByRole('status');
    expect(within(shown).getByText('dl_new1_secret_value').tagName).toBe('PRE');
    expect(shown.textContent).toContain('it will not be shown again');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeDefined();
    expect(await screen.findByText('dl_new1…')).toBeDefined();
    expect(callsTo(fetchMock, GENERATE)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('revokes a token after confirmation', async () => {
    logInAs(user);
    let tokens = [existing];
    const fetchMock = mockRoutes({
      'GET /api/users/2': () => jsonResponse(user),
      [LIST]: () => jsonResponse(paged(tokens)),
      'DELETE /api/authenticate/api_tokens/11': () => {
        tokens = [];
        return jsonResponse({ success: 'ok' });
      },
    });
    renderApp('/generate_api_token');

    fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke the token starting with dl_ab12' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    expect(callsTo(fetchMock, 'DELETE /api/authenticate/api_tokens/11')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(MESSAGES.noDataFound)).toBeDefined();
    expect(callsTo(fetchMock, 'DELETE /api/authenticate/api_tokens/11')).toHaveLength(1);
  });
});
