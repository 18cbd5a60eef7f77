import { routes } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, makeRound, makeTask } from '../../../test/fixtures';
import { jsonResponse, mockApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

const TASKS_URL = `/api${routes.tasks.path}`;

const sentiment = makeTask({
  name: 'Sentiment Analysis',
  desc: 'Is the sentiment of a sentence positive, negative or neutral?',
  task_code: 'sentiment',
  round: makeRound({
    cur_round: 3,
    total_collected: 8,
    total_fooled: 1,
    total_verified_fooled: 1,
  }),
});

describe('TaskPage', () => {
  it('shows the task name, description and round statistics', async () => {
    mockApi({ [TASKS_URL]: () => jsonResponse([sentiment]) });

    renderApp('/tasks/sentiment');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sentiment Analysis' }),
    ).toBeDefined();
    expect(screen.getByText(sentiment.desc ?? '')).toBeDefined();
    const stats = screen.getByRole('region', { name: 'Round statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value('Current round')).toBe('3');
    expect(value('Examples collected')).toBe('8');
    expect(value('Fooled')).toBe('1');
    expect(value('Verified fooled')).toBe('1');
    expect(value('Model error rate')).toBe('12.50%');
    expect(document.title).toBe('Sentiment Analysis · Dynaloop');
  });

  it('finds the task whatever the case of the URL and replaces the URL with the canonical one', async () => {
    mockApi({ [TASKS_URL]: () => jsonResponse([sentiment]) });

    const { router } = renderApp('/tasks/SentiMENT');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sentiment Analysis' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/tasks/sentiment');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects to the home page when no task has that code', async () => {
    mockApi({ [TASKS_URL]: () => jsonResponse([sentiment]) });

    const { router } = renderApp('/tasks/unknown');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects to the home page when the task load answers 404', async () => {
    mockApi({
      [TASKS_URL]: () =>
        jsonResponse(errorBody({ status_code: 404, error: 'Not found', code: 'not_found' }), 404),
    });

    const { router } = renderApp('/tasks/sentiment');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows other errors with a Retry button', async () => {
    let calls = 0;
    mockApi({
      [TASKS_URL]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(errorBody({ error: 'Something broke on our side' }), 500)
          : jsonResponse([sentiment]);
      },
    });

    renderApp('/tasks/sentiment');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something broke on our side')).toBeDefined();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sentiment Analysis' }),
    ).toBeDefined();
  });
});
