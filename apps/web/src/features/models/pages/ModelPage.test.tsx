import { type ModelDetail, type ModelScore } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, makeUser } from '../../../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { NO_HEATMAP_DATA } from '../components/TagHeatmap';

const owner = makeUser({ id: 5, username: 'olga' });

function score(overrides: Partial<ModelScore> = {}): ModelScore {
  return {
    accuracy: 71.25,
    perf_std: 1.5,
    perf_ci_low: 68.2,
    perf_ci_high: 74.2,
    pretty_perf: '71.25 %',
    round_id: 1,
    did: 3,
    metadata_json: { perf_by_tag: [] },
    dataset_access_type: 'scoring',
    evaluation_record: null,
    dataset_id: 3,
    dataset_name: 'test-r1',
    dataset_longdesc: null,
    dataset_source_url: null,
    dataset_log_access_type: 'user',
    ...overrides,
  };
}

function model(overrides: Partial<ModelDetail> = {}): ModelDetail {
  return {
    id: 9,
    name: 'my-model',
    uid: 5,
    username: 'olga',
    tid: 1,
    task_code: 'sentiment',
    task_name: 'Sentiment Analysis',
    is_published: false,
    is_anonymous: false,
    deployment_status: 'predictions_upload',
    desc: null,
    longdesc: 'A model',
    params: 12,
    languages: 'en',
    license: 'MIT',
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
    is_owner: false,
    is_task_admin: false,
    ...overrides,
  };
}

class FakeEventSource {
  static last: FakeEventSource | undefined;
  listeners = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: () => void) {
    this.listeners.set(name, fn);
  }
  close() {}
  emit(name: string) {
    this.listeners.get(name)?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = undefined;
});

describe('ModelPage', () => {
  it('shows the fields, scores with their interval, and the deployment status text', async () => {
    mockRoutes({
      'GET /api/models/9/details': () =>
        jsonResponse(model({ is_published: true, leaderboard_scores: [score()] })),
    });
    renderApp('/models/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'my-model' })).toBeDefined();
    expect(
      screen.getByText('Only predictions uploaded: this model is a file of predictions.'),
    ).toBeDefined();
    const row = screen.getByTestId('score-test-r1');
    expect(within(row).getByText('71.25 ± 3.00')).toBeDefined();
    expect(screen.getByText(NO_HEATMAP_DATA)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Download predictions' })).toBeNull();
  });

  it('warns about an unknown deployment status', async () => {
    mockRoutes({
      'GET /api/models/9/details': () => jsonResponse(model({ deployment_status: 'exploded' })),
    });
    renderApp('/tasks/sentiment/models/9');
    expect(await screen.findByText('Unknown deployment status')).toBeDefined();
  });

  it('the owner sees the badge, Edit, Publish (to the edit page without a name) and the anonymity switch', async () => {
    logInAs(owner);
    const fetchMock = mockRoutes({
      'GET /api/models/9/details': () => jsonResponse(model({ is_owner: true, name: '' })),
    });
    const { router } = renderApp('/models/9');
    expect(await screen.findByText('Unpublished')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/tasks/sentiment/models/9/updateModelInfo',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tasks/sentiment/models/9/updateModelInfo'),
    );
    expect(callsTo(fetchMock, 'PUT /api/models/9/revertstatus')).toHaveLength(0);
  });

  it('publishes a named model and toggles anonymity', async () => {
    logInAs(owner);
    let published = false;
    const fetchMock = mockRoutes({
      'GET /api/models/9/details': () =>
        jsonResponse(model({ is_owner: true, is_published: published })),
      'PUT /api/models/9/revertstatus': () => {
        published = true;
        return jsonResponse({ success: 'ok', is_published: true, badges: [] });
      },
      'PUT /api/models/9/update': () => jsonResponse({ success: 'ok' }),
    });
    renderApp('/models/9');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeDefined();
    fireEvent.click(screen.getByRole('switch', { name: /Anonymous/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/models/9/update')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT /api/models/9/update')[0]!.body).toEqual({
      is_anonymous: true,
    });
  });

  it('statuses change live: an event reloads the model', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let status: 'evaluating' | 'completed' = 'evaluating';
    const pending = {
      dataset_id: 3,
      dataset_name: 'test-r1',
      dataset_longdesc: null,
      dataset_source_url: null,
      dataset_log_access_type: 'user' as const,
      queue_position: null,
      eta_seconds: 20,
      attempts: 1,
      message: null,
      counts_against_quota: true,
    };
    mockRoutes({
      'GET /api/models/9/details': () =>
        jsonResponse(
          status === 'evaluating'
            ? model({
                is_published: true,
                leaderboard_evaluation_statuses: [{ ...pending, evaluation_status: 'evaluating' }],
              })
            : model({ is_published: true, leaderboard_scores: [score()] }),
        ),
    });
    renderApp('/models/9');
    expect(await screen.findByText('Evaluating')).toBeDefined();
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/models/9/events'));
    status = 'completed';
    FakeEventSource.last!.emit('status');
    expect(await screen.findByText('71.25 ± 3.00')).toBeDefined();
  });

  it('reloads once the event stream is ready, so a change before it connected is not missed', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let completed = false;
    mockRoutes({
      'GET /api/models/9/details': () =>
        jsonResponse(
          completed
            ? model({ is_published: true, leaderboard_scores: [score()] })
            : model({ is_published: true }),
        ),
    });
    renderApp('/models/9');
    expect(await screen.findByText('No scores yet.')).toBeDefined();
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    completed = true;
    FakeEventSource.last!.emit('ready');
    expect(await screen.findByText('71.25 ± 3.00')).toBeDefined();
  });

  it('sends visitors of a missing or hidden model home', async () => {
    mockRoutes({});
    const { router } = renderApp('/models/9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
