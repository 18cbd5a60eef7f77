import { expect, test, type Page } from '@playwright/test';

/** The page's own heading (h1) inside <main>. */
function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

test.describe('home page and static pages', () => {
  test('lists the demo tasks by group and opens a task from its card', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveTitle('Dynaloop');
    await expect(page.getByRole('heading', { level: 2, name: 'DADC', exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Others', exact: true }),
    ).toBeVisible();

    const dadc = page.getByRole('region', { name: 'DADC', exact: true });
    const card = dadc.getByRole('link', { name: 'Sentiment Analysis', exact: true });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('href', '/tasks/sentiment');
    const others = page.getByRole('region', { name: 'Others', exact: true });
    await expect(others.getByRole('article').first()).toBeVisible();

    await card.click();

    await expect(page).toHaveURL(/\/tasks\/sentiment$/);
    await expect(mainHeading(page)).toHaveText('Sentiment Analysis');
    await expect(page.getByRole('heading', { name: 'Round statistics' })).toBeVisible();
    await expect(page).toHaveTitle('Sentiment Analysis · Dynaloop');
  });

  test('a task URL in another case is replaced by the canonical one', async ({ page }) => {
    await page.goto('/tasks/SENTIMENT');

    await expect(page).toHaveURL(/\/tasks\/sentiment$/);
    await expect(mainHeading(page)).toHaveText('Sentiment Analysis');
  });

  test('an unknown task redirects to the home page', async ({ page }) => {
    await page.goto('/tasks/no_such_task');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'DADC', exact: true })).toBeVisible();
  });

  test('the footer leads to About, Contact, Terms of Use and Data Policy', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    await footer.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mainHeading(page)).toHaveText('About Dynaloop');
    await expect(page).toHaveTitle('About · Dynaloop');

    await footer.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(mainHeading(page)).toHaveText('Contact');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'contact@dynaloop.org' }),
    ).toHaveAttribute('href', 'mailto:contact@dynaloop.org');

    await footer.getByRole('link', { name: 'Terms of Use', exact: true }).click();
    await expect(page).toHaveURL(/\/termsofuse$/);
    await expect(mainHeading(page)).toHaveText('Terms of Use');
    await expect(page.getByRole('main')).toContainText('at least 18 years old');

    await footer.getByRole('link', { name: 'Data Policy', exact: true }).click();
    await expect(page).toHaveURL(/\/datapolicy$/);
    await expect(mainHeading(page)).toHaveText('Data Policy');
    await expect(page.getByRole('main')).toContainText('Effective December 1, 2020');

    await expect(footer.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  test('the explainer video dialog links out and closes with its button and Escape', async ({
    page,
  }) => {
    await page.goto('/about');
    const openButton = page.getByRole('button', { name: 'Watch the explainer video' });
    const dialog = page.getByRole('dialog', { name: 'Explainer video' });

    await openButton.click();
    await expect(dialog).toBeVisible();
    const videoLink = dialog.getByRole('link', { name: 'Watch the video' });
    await expect(videoLink).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
    await expect(videoLink).toHaveAttribute('target', '_blank');
    await expect(videoLink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.locator('iframe')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await openButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('an unknown path shows "Page not found"', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');

    await expect(mainHeading(page)).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
