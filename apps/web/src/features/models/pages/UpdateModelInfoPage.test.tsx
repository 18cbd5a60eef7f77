import { type ModelDetail } from '@dynaloop/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

const owner = makeUser({ id: 5, username: 'olga' });
const detail = {
  id: 9,
  name: 'old name',
  uid: 5,
  username: 'olga',
  tid: 1,
  task_code: 'sentiment',
  task_name: 'Sentiment',
  is_published: false,
  is_anonymous: false,
  deployment_status: 'predictions_upload',
  desc: null,
  longdesc: null,
  params: 0,
  languages: null,
  license: null,
  model_card: null,
  source_url: null,
  upload_datetime: '2026-01-01T00:00:00.000Z',
  light_model: null,
  endpoint_name: null,
  kind: 'predictions',
  leaderboard_scores: [],
  non_leaderboard_scores: [],
  leaderboard_evaluation_statuses: [],
  non_leaderboard_evaluation_statuses: [],
  hidden_evaluation_statuses: [],
  evaluation_statuses: [],
  is_owner: true,
  is_task_admin: false,
} satisfies ModelDetail;

describe('UpdateModelInfoPage', () => {
  it('saves every field and returns to the model page', async () => {
    logInAs(owner);
    const fetchMock = mockRoutes({
      'GET /api/models/9/details': () => jsonResponse(detail),
      'PUT /api/models/9/update': () => jsonResponse({ success: 'ok' }),
    });
    const { router } = renderApp('/tasks/sentiment/models/9/updateModelInfo');
    const name = await screen.findByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'new name' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'License' }), {
      target: { value: 'MIT' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Anonymous/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/models/9'));
    expect(callsTo(fetchMock, 'PUT /api/models/9/update')[0]!.body).toMatchObject({
      name: 'new name',
      license: 'MIT',
      is_anonymous: true,
    });
  });

  it('sends others to the model page', async () => {
    logInAs(makeUser({ id: 8, username: 'other' }));
    mockRoutes({ 'GET /api/models/9/details': () => jsonResponse({ ...detail, is_owner: false }) });
    const { router } = renderApp('/tasks/sentiment/models/9/updateModelInfo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/models/9'));
  });
});
