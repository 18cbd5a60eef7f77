import { DATA_POLICY_EFFECTIVE_DATE, MINIMUM_AGE, routes } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../test/fetch';
import { renderApp } from '../test/render';

function mockNoTasks() {
  mockApi({ [`/api${routes.activeTasksWithRoundInfo.path}`]: () => jsonResponse([]) });
}

describe('app layout and routes', () => {
  it('has header, main navigation, main and footer landmarks and a skip link', async () => {
    mockNoTasks();
    renderApp('/');

    await screen.findByText('No tasks yet');
    expect(screen.getByRole('banner')).toBeDefined();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('contentinfo')).toBeDefined();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const navLinks = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(navLinks).toEqual([
      ['Tasks', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['API', '/api/docs'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Tasks' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Dynaloop' }).getAttribute('href')).toBe('/');

    const skip = screen.getByRole('link', { name: 'Skip to content' });
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('links the footer to the static pages and the API reference', async () => {
    mockNoTasks();
    renderApp('/');

    const footer = screen.getByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Terms of Use', '/termsofuse'],
      ['Data Policy', '/datapolicy'],
      ['API reference', '/api/docs'],
    ]);
    await screen.findByText('No tasks yet');
  });

  it('navigates through the footer and scrolls to the top on every path change', async () => {
    mockNoTasks();
    const { router } = renderApp('/');
    await screen.findByText('No tasks yet');
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[] } };
    const before = scrollTo.mock.calls.length;

    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Contact' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/contact');
    await waitFor(() => expect(scrollTo.mock.calls.length).toBeGreaterThan(before));
  });

  it('shows the contact page with the team email', async () => {
    renderApp('/contact');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeDefined();
    const email = screen.getByRole('link', { name: 'contact@dynaloop.org' });
    expect(email.getAttribute('href')).toBe('mailto:contact@dynaloop.org');
    expect(document.title).toBe('Contact · Dynaloop');
  });

  it('shows the terms of use with the minimum age and what happens to content', async () => {
    renderApp('/termsofuse');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeDefined();
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain(`at least ${String(MINIMUM_AGE)} years old`);
    expect(text).toContain('published, in whole or in part, in open datasets');
    expect(text).toContain('your identity is removed from it');
    expect(document.title).toBe('Terms of Use · Dynaloop');
  });

  it('shows the data policy with its effective date', async () => {
    renderApp('/datapolicy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Data Policy' })).toBeDefined();
    expect(screen.getByText(`Effective ${DATA_POLICY_EFFECTIVE_DATE}`)).toBeDefined();
    expect(screen.getByRole('main').textContent).toContain(
      `${String(MINIMUM_AGE)} years old or older`,
    );
    expect(document.title).toBe('Data Policy · Dynaloop');
  });

  it('shows "Page not found" with a link home for an unknown path', async () => {
    renderApp('/this/does/not/exist');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(document.title).toBe('Page not found · Dynaloop');
  });
});
