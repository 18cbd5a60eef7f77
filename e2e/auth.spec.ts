import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readToken } from './support/ui';

/** A valid 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** A valid 1×1 GIF, which the avatar upload must refuse by its name. */
const GIF_1X1 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const USER = {
  email: `e2e-${RUN}@example.com`,
  username: `e2e_${RUN}`,
  password: 'correct horse battery',
};

function writeTempFile(name: string, base64: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-e2e-files-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(base64, 'base64'));
  return file;
}

function accountMenuButton(page: Page, username: string) {
  return page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${username}: account menu`) });
}

/** A form field by its accessible name (a required field's asterisk is not part of it). */
function input(page: Page, label: string) {
  return page.getByRole('main').getByRole('textbox', { name: label, exact: true });
}

async function logIn(page: Page, email: string, password: string) {
  await input(page, 'Email').fill(email);
  await input(page, 'Password').fill(password);
  await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
}

interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
type BrowserGlobal = { localStorage: BrowserStorage };

// Functions passed to page.evaluate run in the browser: everything they use is inside them.
function writeToken(page: Page, token: string): Promise<void> {
  return page.evaluate((value) => {
    (globalThis as unknown as BrowserGlobal).localStorage.setItem('id_token', value);
  }, token);
}

/** Rewrites the stored access token's payload so that it expired a minute ago; returns the old one. */
async function expireStoredToken(page: Page): Promise<string> {
  const token = (await readToken(page, 'id_token')) ?? '';
  const [header = '', payload = '', signature = ''] = token.split('.');
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  data.exp = Math.floor(Date.now() / 1000) - 60;
  const forged = Buffer.from(JSON.stringify(data)).toString('base64url');
  await writeToken(page, `${header}.${forged}.${signature}`);
  return token;
}

test.describe.serial('accounts', () => {
  test('a new user signs up, edits the profile, uploads an avatar and reads notifications', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page).toHaveTitle('Sign up · Dynaloop');
    await input(page, 'Email').fill(USER.email);
    await input(page, 'Username').fill(USER.username);
    await input(page, 'Password').fill(USER.password);
    await page
      .getByRole('checkbox', {
        name: 'I am 18 or older and accept the Terms of Use and the Data Policy',
      })
      .check();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenuButton(page, USER.username)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);

    // Profile: Save appears only once a field differs from what was loaded.
    await page.goto('/account');
    await expect(page).toHaveTitle('Account · Dynaloop');
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(input(page, 'Email')).toHaveValue(USER.email);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toHaveCount(0);
    await input(page, 'Affiliation').fill('Dynaloop E2E Lab');
    await expect(save).toBeVisible();
    await input(page, 'Affiliation').fill('');
    await expect(save).toHaveCount(0);
    await input(page, 'Affiliation').fill('Dynaloop E2E Lab');
    await input(page, 'Real name').fill('Edith Tester');
    await save.click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(save).toHaveCount(0);

    await page.reload();
    await expect(input(page, 'Affiliation')).toHaveValue('Dynaloop E2E Lab');
    await expect(input(page, 'Real name')).toHaveValue('Edith Tester');

    // Avatar: a PNG is uploaded and shown; a GIF is refused before any upload.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(writeTempFile('avatar.png', PNG_1X1));
    const avatar = page.getByRole('img', { name: `Avatar of ${USER.username}` });
    await expect(avatar).toHaveAttribute('src', /^\/api\/avatars\/[a-f0-9-]+\.png$/);
    await expect
      .poll(() =>
        avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(1);
    const uploaded = await avatar.getAttribute('src');

    await fileInput.setInputFiles(writeTempFile('avatar.gif', GIF_1X1));
    await expect(page.getByText('*Upload a valid file')).toBeVisible();
    await expect(avatar).toHaveAttribute('src', uploaded ?? '');

    await page.reload();
    await expect(page.getByRole('img', { name: `Avatar of ${USER.username}` })).toHaveAttribute(
      'src',
      uploaded ?? '',
    );

    // Notifications: opening the tab marks them seen and clears the navbar counter.
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/account#notifications$/);
    await expect(
      page
        .getByText('You earned a new badge: Welcome aboard!')
        .or(page.getByText('No notifications found')),
    ).toBeVisible();
    await expect(accountMenuButton(page, USER.username)).toHaveAccessibleName(
      `${USER.username}: account menu`,
    );

    // Tabs follow the hash.
    await page.goto('/account#stats');
    await expect(page.getByRole('tab', { name: 'Stats & Badges' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('region', { name: 'Badges' })).toContainText('Welcome aboard!');
    await expect(page.getByRole('tab', { name: 'Task proposals' })).toHaveCount(0);
  });

  test('logging out, the account asks to log in first; a wrong password fails, the right one returns', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, USER.email, USER.password);
    await expect(accountMenuButton(page, USER.username)).toBeVisible();

    await accountMenuButton(page, USER.username).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();

    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?msg=Please%20login%20first\.&src=\/account%23profile$/);
    await expect(page.getByText('Please login first.')).toBeVisible();

    await logIn(page, USER.email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('Authentication failed');

    await input(page, 'Password').fill(USER.password);
    await page
      .getByRole('form', { name: 'Log in' })
      .getByRole('button', { name: 'Log in' })
      .click();
    await expect(page).toHaveURL(/\/account#profile$/);
    await expect(input(page, 'Affiliation')).toHaveValue('Dynaloop E2E Lab');

    // The session survives a reload (the access token is renewed from the refresh cookie when needed).
    await page.reload();
    await expect(accountMenuButton(page, USER.username)).toBeVisible();
  });

  test('an API token is shown once', async ({ page }) => {
    await page.goto('/generate_api_token');
    await expect(page).toHaveURL(/\/login\?msg=Please%20login%20first\.&src=\/generate_api_token$/);
    await logIn(page, USER.email, USER.password);
    await expect(page).toHaveURL(/\/generate_api_token$/);
    await expect(page).toHaveTitle('API token · Dynaloop');

    await page.getByRole('button', { name: 'Generate API token' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Your new API token' });
    await expect(shown).toContainText('it will not be shown again');
    const token = (await shown.locator('pre').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your API tokens' });
    await expect(table.getByRole('row')).toHaveCount(2);

    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByText(token)).toHaveCount(0);

    // The token works on its own, without the browser's login.
    const response = await page.request.get('/api/authenticate/api_tokens', {
      headers: { Authorization: `Bearer ${token}`, Cookie: '' },
    });
    expect(response.status()).toBe(200);
  });

  test('an expired access token is renewed from the refresh cookie, and a revoked login ends', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, USER.email, USER.password);
    await expect(accountMenuButton(page, USER.username)).toBeVisible();

    const first = await expireStoredToken(page);
    const renewed = page.waitForResponse('**/api/authenticate/refresh');
    await page.goto('/account#stats');
    expect((await renewed).status()).toBe(200);
    await expect(page.getByRole('region', { name: 'Statistics' })).toBeVisible();
    const second = await readToken(page, 'id_token');
    expect(second).not.toBe(first);
    expect(second).not.toBeNull();

    // Log out in another tab: the refresh cookie is revoked, this tab still has a token.
    const other = await page.context().newPage();
    await other.goto('/logout');
    await expect(other).toHaveURL(/\/$/);
    await other.close();
    await writeToken(page, second ?? '');
    await expireStoredToken(page);

    await page.goto('/account#stats');
    await expect(page.getByText('Could not refresh token')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?src=\/account%23stats$/);
    expect(await readToken(page, 'id_token')).toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('an admin finds the task proposals in the menu and the account', async ({ page }) => {
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set by the e2e global setup');
    await page.goto('/login');
    await logIn(page, 'admin@dynaloop.local', password);

    const menuButton = page.getByRole('banner').getByRole('button', { name: /: account menu/ });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Task proposals' }).click();
    await expect(page).toHaveURL(/\/account#admin_task_proposals$/);
    await expect(page.getByRole('tab', { name: 'Task proposals' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test.describe('account forms', () => {
  test('sign-up validation messages', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByText('Required')).toHaveCount(3); // email, username, consent
    await expect(form.getByText('Minimum password length is 8 characters')).toBeVisible();

    await input(page, 'Email').fill('not-an-email');
    await input(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(form.getByText('Invalid email address')).toBeVisible();
    await expect(form.getByText('Minimum password length is 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('forgot password always says an email was sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Required')).toBeVisible();

    await input(page, 'Email').fill(`nobody-${RUN}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If you have an account, we will have sent you an email!'),
    ).toBeVisible();
  });

  test('reset password checks the confirmation and reports a bad token', async ({ page }) => {
    await page.goto(`/reset-password/${'x'.repeat(40)}`);
    await input(page, 'Email').fill(`nobody-${RUN}@example.com`);
    await input(page, 'New password').fill('new password 1');
    await input(page, 'Confirm new password').fill('new password 2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Make sure both passwords entered are same')).toBeVisible();

    await input(page, 'Confirm new password').fill('new password 1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Reset failed (token invalid?)');
  });
});
