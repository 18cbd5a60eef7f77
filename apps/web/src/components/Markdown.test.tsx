import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Markdown } from './Markdown';

function renderMarkdown(source: string) {
  const { container } = renderWithProviders(
    <div data-testid="markdown">
      <Markdown>{source}</Markdown>
    </div>,
  );
  return { container, root: screen.getByTestId('markdown') };
}

describe('Markdown', () => {
  it('renders headings, lists, emphasis and code as elements', () => {
    const { root } = renderMarkdown(
      [
        '# Annotating',
        '',
        '## What to write',
        '',
        'Write a **short** statement, in _one_ sentence.',
        '',
        '- be creative',
        '- be honest',
        '',
        '1. read the context',
        '2. write',
        '',
        'Use `neutral` when unsure.',
        '',
        '```',
        'label: positive',
        '```',
      ].join('\n'),
    );

    expect(within(root).getByRole('heading', { level: 1, name: 'Annotating' })).toBeDefined();
    expect(within(root).getByRole('heading', { level: 2, name: 'What to write' })).toBeDefined();
    expect(root.querySelector('strong')?.textContent).toBe('short');
    expect(root.querySelector('em')?.textContent).toBe('one');
    const [bullets, steps] = within(root).getAllByRole('list');
    expect(bullets?.tagName).toBe('UL');
    expect(steps?.tagName).toBe('OL');
    expect(
      within(root)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['be creative', 'be honest', 'read the context', 'write']);
    expect(root.querySelector('p > code')?.textContent).toBe('neutral');
    expect(root.querySelector('pre > code')?.textContent).toBe('label: positive\n');
  });

  it('renders GitHub-flavoured tables, strikethrough and autolinks', () => {
    const { root } = renderMarkdown(
      [
        '| Label | Meaning |',
        '| --- | --- |',
        '| positive | favourable |',
        '',
        '~~old rule~~',
        '',
        'See https://example.com/guide.',
      ].join('\n'),
    );

    const table = within(root).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Label', 'Meaning']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['positive', 'favourable']);
    expect(root.querySelector('del')?.textContent).toBe('old rule');
    expect(within(root).getByRole('link', { name: 'https://example.com/guide' })).toBeDefined();
  });

  it('opens absolute web links in a new tab, and no link gets a handle on the page', () => {
    const { root } = renderMarkdown(
      '[The guide](https://example.com/guide), [the task](/tasks/qa) and [mail](mailto:owner@example.com).',
    );

    const guide = within(root).getByRole('link', { name: 'The guide' });
    expect(guide.getAttribute('href')).toBe('https://example.com/guide');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('rel')).toBe('noopener noreferrer');

    const task = within(root).getByRole('link', { name: 'the task' });
    expect(task.getAttribute('href')).toBe('/tasks/qa');
    expect(task.getAttribute('target')).toBeNull();
    expect(task.getAttribute('rel')).toBe('noopener noreferrer');

    const mail = within(root).getByRole('link', { name: 'mail' });
    expect(mail.getAttribute('href')).toBe('mailto:owner@example.com');
    expect(mail.getAttribute('target')).toBeNull();
    expect(mail.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('strips scripts, event handlers, javascript: URLs and iframes', () => {
    const win = window as unknown as { pwned?: boolean };
    const { root } = renderMarkdown(
      [
        'Before.',
        '',
        '<script>window.pwned = true</script>',
        '',
        '<img src="x" onerror="window.pwned = true">',
        '',
        '<iframe src="https://evil.example/"></iframe>',
        '',
        '<a href="javascript:window.pwned = true">raw link</a>',
        '',
        '<p onclick="window.pwned = true" style="color: red">styled</p>',
        '',
        '[click me](javascript:window.pwned=true)',
        '',
        '[CLICK ME](JaVaScRiPt:window.pwned=true)',
        '',
        '![picture](javascript:window.pwned=true)',
        '',
        '[ref link][evil]',
        '',
        '[evil]: javascript:window.pwned=true',
        '',
        'After.',
      ].join('\n'),
    );

    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.querySelector('[onclick]')).toBeNull();
    expect(root.querySelector('[style]')).toBeNull();
    for (const element of root.querySelectorAll('[href], [src]')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url.replace(/\s/g, '').toLowerCase()).not.toContain('javascript:');
    }
    expect(root.innerHTML.toLowerCase()).not.toContain('javascript:');
    expect(root.innerHTML).not.toContain('<script');
    expect(root.innerHTML).not.toContain('<iframe');
    expect(win.pwned).toBeUndefined();
    // The markdown around the HTML still renders.
    expect(within(root).getByText('Before.')).toBeDefined();
    expect(within(root).getByText('After.')).toBeDefined();
    expect(within(root).getByText('click me').tagName).toBe('A');
  });

  it('links footnote references to their notes', () => {
    const { root } = renderMarkdown('Sarcasm counts.[^sarcasm]\n\n[^sarcasm]: Irony too.');

    const reference = within(root).getByRole('link', { name: '1' });
    const target = reference.getAttribute('href')?.slice(1) ?? '';
    expect(target).not.toBe('');
    expect(document.getElementById(target)?.textContent).toContain('Irony too.');
  });

  it('keeps safe images', () => {
    const { root } = renderMarkdown('![A diagram](https://example.com/diagram.png)');

    const image = within(root).getByRole('img', { name: 'A diagram' });
    expect(image.getAttribute('src')).toBe('https://example.com/diagram.png');
  });
});
