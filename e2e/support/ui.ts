import { type Browser, expect, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  username: string;
  password: string;
}

/** A form field by its accessible name (a required field's asterisk is not part of it). */
export function input(page: Page, label: string) {
  return page.getByRole('main').getByRole('textbox', { name: label, exact: true });
}

/** Logs in through the login page and waits until the navbar shows the account. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await input(page, 'Email').fill(email);
  await input(page, 'Password').fill(password);
  await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
}

/** Signs up through the registration page; lands on the home page logged in. */
export async function register(page: Page, user: Credentials) {
  await page.goto('/register');
  await input(page, 'Email').fill(user.email);
  await input(page, 'Username').fill(user.username);
  await input(page, 'Password').fill(user.password);
  await page
    .getByRole('checkbox', {
      name: 'I am 18 or older and accept the Terms of Use and the Data Policy',
    })
    .check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A page in a browser context of its own (its own cookies and storage: another person). */
export async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

/** The value shown for a round statistic on the task page. */
export function statValue(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Round statistics' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

/** A value the SPA keeps in localStorage (the session's `id_token`, a `trial_auth_token`). */
export function readToken(page: Page, key: string): Promise<string | null> {
  return page.evaluate(
    (name) =>
      (
        globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
      ).localStorage.getItem(name),
    key,
  );
}
