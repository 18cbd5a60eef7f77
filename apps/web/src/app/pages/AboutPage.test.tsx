import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

async function openModal(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Watch the explainer video' }));
  return screen.findByRole('dialog', { name: 'Explainer video' });
}

describe('AboutPage', () => {
  it('has its heading, title, FAQ and a link to the contact page', async () => {
    renderApp('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'About Dynaloop' })).toBeDefined();
    expect(document.title).toBe('About · Dynaloop');
    const questions = within(screen.getByRole('region', { name: 'Frequently asked questions' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(questions).toEqual([
      'What is a round?',
      'What does fooling a model mean?',
      'What is the dynascore?',
      'Who can propose a task?',
      'How are examples validated?',
      'How is my data used?',
    ]);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Contact the team' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('opens a FAQ answer when its question is clicked', async () => {
    renderApp('/about');

    const question = await screen.findByRole('button', { name: 'What is the dynascore?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'What is the dynascore?' })).toBeNull();

    fireEvent.click(question);

    expect(question.getAttribute('aria-expanded')).toBe('true');
    const answer = await screen.findByRole('region', { name: 'What is the dynascore?' });
    expect(answer.textContent).toContain('should not be cited on its own');
  });

  it('opens the explainer video dialog with an external link, closed by its close button', async () => {
    renderApp('/about');

    const dialog = await openModal();
    const link = within(dialog).getByRole('link', { name: 'Watch the video' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.querySelector('iframe')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the explainer video dialog with Escape', async () => {
    renderApp('/about');

    const dialog = await openModal();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
