import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRound, makeTask } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TaskCard } from './TaskCard';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');

describe('TaskCard', () => {
  it('shows a 12.50% model error rate for 1 fooled of 8 collected', () => {
    const task = makeTask({ round: makeRound({ total_collected: 8, total_fooled: 1 }) });

    renderWithProviders(<TaskCard task={task} now={NOW} />);

    expect(screen.getByText('12.50%')).toBeDefined();
    expect(screen.getByText('8')).toBeDefined();
  });

  it('shows a 0.00% model error rate when nothing was collected', () => {
    const task = makeTask({ round: makeRound({ total_collected: 0, total_fooled: 0 }) });

    renderWithProviders(<TaskCard task={task} now={NOW} />);

    expect(screen.getByText('0.00%')).toBeDefined();
  });

  it('is one link named after the task, to the task page', () => {
    const task = makeTask({ name: 'Question Answering', task_code: 'qa' });

    renderWithProviders(<TaskCard task={task} now={NOW} />);

    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toBe('Question Answering');
    expect(links[0]?.getAttribute('href')).toBe('/tasks/qa');
  });

  it('shows the current round and when the task was last updated', () => {
    const task = makeTask({
      last_updated: new Date(NOW - 3 * 24 * 3600 * 1000).toISOString(),
      round: makeRound({ cur_round: 4 }),
    });

    renderWithProviders(<TaskCard task={task} now={NOW} />);

    expect(screen.getByText('Round 4')).toBeDefined();
    expect(screen.getByText('3 days ago')).toBeDefined();
  });

  it('says "never" for a task that was never updated and copes with no round', () => {
    const task = makeTask({ last_updated: null, round: null });

    renderWithProviders(<TaskCard task={task} now={NOW} />);

    expect(screen.getByText('never')).toBeDefined();
    expect(screen.getByText('No round yet')).toBeDefined();
    expect(screen.getByText('0.00%')).toBeDefined();
  });
});
