import { routes } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, makeRound, makeTask } from '../../../test/fixtures';
import { jsonResponse, mockApi, mockFetch } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

const ACTIVE_TASKS_URL = `/api${routes.activeTasksWithRoundInfo.path}`;

function groupHeadings(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

function section(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

describe('HomePage', () => {
  it('groups the task cards under Dataperf, DADC and Others, in that order', async () => {
    // Listed out of group order on purpose: the page must order the groups itself.
    const tasks = [
      makeTask({ name: 'Flores Full', task_code: 'flores_full', challenge_type: 4 }),
      makeTask({ name: 'Sentiment Analysis', task_code: 'sentiment', challenge_type: 1 }),
      makeTask({ name: 'Vision Selection', task_code: 'vision', challenge_type: 2 }),
      makeTask({ name: 'Question Answering', task_code: 'qa', challenge_type: 1 }),
    ];
    mockApi({ [ACTIVE_TASKS_URL]: () => jsonResponse(tasks) });

    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Sentiment Analysis' })).toBeDefined();
    expect(groupHeadings()).toEqual(['Dataperf', 'DADC', 'Others']);

    const cardLinks = (title: string) =>
      within(section(title))
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/tasks/'))
        .map((link) => link.textContent);
    expect(cardLinks('Dataperf')).toEqual(['Vision Selection']);
    expect(cardLinks('DADC')).toEqual(['Sentiment Analysis', 'Question Answering']);
    expect(cardLinks('Others')).toEqual(['Flores Full']);

    const headingLink = (title: string) =>
      within(screen.getByRole('heading', { level: 2, name: title })).getByRole('link');
    expect(headingLink('Dataperf').getAttribute('href')).toBe('/dataperf');
    expect(headingLink('DADC').getAttribute('href')).toBe('/about');
    expect(headingLink('Others').getAttribute('href')).toBe('/about');
  });

  it('hides groups that have no tasks', async () => {
    const tasks = [
      makeTask({ name: 'Hate Speech', task_code: 'hs', challenge_type: 1 }),
      makeTask({ name: 'Flores Small 1', task_code: 'flores_small1', challenge_type: 4 }),
    ];
    mockApi({ [ACTIVE_TASKS_URL]: () => jsonResponse(tasks) });

    renderApp('/');

    await screen.findByRole('link', { name: 'Hate Speech' });
    expect(groupHeadings()).toEqual(['DADC', 'Others']);
    expect(screen.queryByRole('heading', { name: 'Dataperf' })).toBeNull();
  });

  it('links each card to its task page and shows its statistics', async () => {
    const tasks = [
      makeTask({
        name: 'Natural Language Inference',
        desc: 'Decide whether a hypothesis follows from a premise.',
        task_code: 'nli',
        last_updated: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
        round: makeRound({ cur_round: 2, total_collected: 1234, total_fooled: 154 }),
      }),
    ];
    mockApi({ [ACTIVE_TASKS_URL]: () => jsonResponse(tasks) });

    renderApp('/');

    const link = await screen.findByRole('link', { name: 'Natural Language Inference' });
    expect(link.getAttribute('href')).toBe('/tasks/nli');
    const card = screen.getByRole('article', { name: 'Natural Language Inference' });
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(
      within(card).getByText('Decide whether a hypothesis follows from a premise.'),
    ).toBeDefined();
    expect(within(card).getByText('Round 2')).toBeDefined();
    expect(within(card).getByText('1,234')).toBeDefined();
    expect(within(card).getByText('12.48%')).toBeDefined();
    expect(within(card).getByText('3 days ago')).toBeDefined();
  });

  it('shows skeleton cards while the tasks load', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderApp('/');

    expect(screen.getByRole('status').textContent).toBe('Loading tasks…');
    answer(jsonResponse([makeTask({ name: 'Sentiment Analysis' })]));
    await screen.findByRole('link', { name: 'Sentiment Analysis' });
    expect(screen.queryByText('Loading tasks…')).toBeNull();
  });

  it('shows "No tasks yet" when there is no task', async () => {
    mockApi({ [ACTIVE_TASKS_URL]: () => jsonResponse([]) });

    renderApp('/');

    expect(await screen.findByText('No tasks yet')).toBeDefined();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('shows the error text of the server and loads again on Retry', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      [ACTIVE_TASKS_URL]: () => {
        calls += 1;
        if (calls === 1) {
          return jsonResponse(
            errorBody({ error: 'The database is unavailable', code: 'service_unavailable' }),
            503,
          );
        }
        return jsonResponse([makeTask({ name: 'Sentiment Analysis', task_code: 'sentiment' })]);
      },
    });

    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The database is unavailable')).toBeDefined();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: 'Sentiment Analysis' })).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sets the document title', async () => {
    mockApi({ [ACTIVE_TASKS_URL]: () => jsonResponse([]) });

    renderApp('/');

    await screen.findByText('No tasks yet');
    expect(document.title).toBe('Dynaloop');
  });
});
