import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { logIn, newPage, register, statValue } from './support/ui';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PROPOSER = {
  email: `owner-${RUN}@example.com`,
  username: `owner_${RUN}`,
  password: 'correct horse battery',
};
const PLAIN_USER = {
  email: `plain-${RUN}@example.com`,
  username: `plain_${RUN}`,
  password: 'correct horse battery',
};
const TASK = {
  name: `E2E Irony ${RUN}`,
  code: `e2e_irony_${RUN}`,
  desc: 'Is the sentence ironic?',
  longdesc: 'Annotators write ironic sentences that the model labels wrongly.',
};
const CONSOLE = `/task-owner-interface/${TASK.code}`;

function writeTempFile(name: string, lines: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynaloop-e2e-task-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return file;
}

async function openSection(page: Page, name: string, hash: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test.describe.serial('task administration', () => {
  let proposer: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, baseURL }) => {
    ({ context: proposer, page } = await newPage(browser, baseURL));
  });

  test.afterAll(async () => {
    await proposer.close();
  });

  test('a new user registers and proposes a task', async () => {
    await register(page, PROPOSER);
    await page.goto('/account#tasks');
    const form = page.getByRole('form', { name: 'Propose new task' });
    const submit = form.getByRole('button', { name: 'Submit' });

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(TASK.name);
    await form.getByRole('textbox', { name: 'Task code', exact: true }).fill(TASK.code);
    await form.getByRole('textbox', { name: 'Short description', exact: true }).fill(TASK.desc);
    await expect(submit).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Long description', exact: true }).fill(TASK.longdesc);
    await expect(submit).toBeVisible();
    await submit.click();

    await expect(form.getByRole('status')).toContainText(TASK.name);
    const proposals = page.getByRole('region', { name: 'Your Proposals' });
    const item = proposals.getByRole('listitem').filter({ hasText: TASK.name });
    await expect(item).toContainText('Pending');

    // The code of an existing task is refused, in the spec's wording.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${TASK.name} again`);
    await form.getByRole('textbox', { name: 'Task code', exact: true }).fill('sentiment');
    await form.getByRole('textbox', { name: 'Short description', exact: true }).fill(TASK.desc);
    await form.getByRole('textbox', { name: 'Long description', exact: true }).fill(TASK.longdesc);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(
      'Profile could not be updated (A task with this task code already exists)',
    );
  });

  test('the admin accepts the proposal', async ({ browser, baseURL }) => {
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set by the e2e global setup');
    const admin = await newPage(browser, baseURL);
    try {
      await logIn(admin.page, 'admin@dynaloop.local', password);
      await admin.page.goto('/account#admin_task_proposals');
      const accept = admin.page.getByRole('button', { name: `Accept ${TASK.name}`, exact: true });
      await expect(accept).toBeVisible();
      await expect(
        admin.page.getByRole('button', { name: `Reject ${TASK.name}`, exact: true }),
      ).toBeVisible();
      await accept.click();
      await expect(accept).toHaveCount(0);
    } finally {
      await admin.context.close();
    }
  });

  test('the proposer edits the settings, checks the configuration and activates the task', async () => {
    test.setTimeout(60_000);
    // A fresh load (the account page is already open at this address).
    await page.goto('/');
    await page.goto('/account#tasks');
    const proposals = page.getByRole('region', { name: 'Your Proposals' });
    await expect(proposals.getByRole('listitem').filter({ hasText: TASK.name })).toContainText(
      'Accepted',
    );
    const tasks = page.getByRole('region', { name: 'Your Tasks' });
    await expect(tasks.getByRole('link', { name: TASK.name, exact: true })).toHaveAttribute(
      'href',
      `/tasks/${TASK.code}`,
    );
    await tasks.getByRole('link', { name: `Owner console of ${TASK.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`${CONSOLE}$`));
    await expect(page.getByRole('heading', { level: 1, name: TASK.name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Before activation only the settings and the configuration are open.
    for (const [name, hash] of [
      ['Owners', '#owners'],
      ['Datasets', '#datasets'],
    ] as const) {
      await openSection(page, name, hash);
      await expect(page.getByRole('tabpanel')).toHaveText('Activate this task first.');
    }

    // #settings: Save appears once something changed; the change survives a reload.
    await openSection(page, 'Settings', '#settings');
    const settings = page.getByRole('form', { name: 'Task settings' });
    const save = settings.getByRole('button', { name: 'Save' });
    await expect(save).toHaveCount(0);
    await settings
      .getByRole('textbox', { name: 'Short description', exact: true })
      .fill('Is the sentence ironic? Write one the model gets wrong.');
    await settings.getByRole('textbox', { name: 'General instructions' }).fill('Be creative.');
    await save.click();
    await expect(settings.getByRole('status')).toHaveText('The settings were saved.');
    await expect(save).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Task settings' }).getByRole('textbox', {
        name: 'Short description',
        exact: true,
      }),
    ).toHaveValue('Is the sentence ironic? Write one the model gets wrong.');

    // #advanced: the YAML is checked as it is typed, with line numbers.
    await openSection(page, 'Advanced', '#advanced');
    const yaml = page.getByRole('textbox', { name: 'Task configuration (YAML)' });
    const activate = page.getByRole('button', { name: 'Activate task' });
    await expect(page.getByText('The configuration is valid.')).toBeVisible();
    await expect(activate).toBeEnabled();
    const original = await yaml.inputValue();
    const broken = original.replace(
      '    type: multiclass\n',
      '    type: multiclass\n    colour: red\n',
    );
    expect(broken).not.toBe(original);
    const brokenLine = broken.split('\n').indexOf('    colour: red') + 1;
    await yaml.fill(broken);
    const problems = page.getByRole('list', { name: 'Configuration problems' });
    await expect(problems.getByRole('listitem')).toHaveText([
      `line ${String(brokenLine)}: input.1.colour: is not a known key`,
    ]);
    await expect(activate).toBeDisabled();
    await yaml.fill(original.replace('perf_metric:\n  type: macro_f1', 'perf_metric:\n  type: f2'));
    await expect(problems.getByRole('listitem')).toHaveText([/^line 4: perf_metric\.type: /]);
    await yaml.fill(original);
    await expect(page.getByText('The configuration is valid.')).toBeVisible();
    await expect(activate).toBeEnabled();

    await activate.click();
    const dialog = page.getByRole('dialog', { name: `Activate ${TASK.name}?` });
    await expect(dialog).toContainText('only the aggregation weights');
    await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByText('The task is active.')).toBeVisible();
    await expect(activate).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Active', { exact: true })).toBeVisible();
  });

  test('the owner uploads contexts and datasets, adds a co-owner, starts round 2 and exports', async () => {
    test.setTimeout(90_000);
    await page.goto(`${CONSOLE}#rounds`);
    const round1 = page.getByRole('region', { name: 'Round 1' });
    await expect(round1).toBeVisible();

    // Contexts: a good file is stored whole; a file with a bad line is refused whole.
    const contextsFile = round1.getByLabel('Contexts file for round 1');
    await contextsFile.setInputFiles(
      writeTempFile('contexts-good.jsonl', [
        { context: { context: 'The service was fast.' }, tag: 'e2e', metadata: {} },
        { context: { context: 'What a lovely rainy holiday.' }, tag: null, metadata: {} },
        { context: { context: 'Great, another Monday.' } },
      ]),
    );
    await expect(round1.getByRole('status')).toHaveText('3 contexts added (contexts-good.jsonl).');
    await contextsFile.setInputFiles(
      writeTempFile('contexts-bad.jsonl', [
        { context: { context: 'Fine.' } },
        { context: { text: 'The context field is missing here.' } },
      ]),
    );
    const contextProblems = round1.getByRole('alert');
    await expect(contextProblems).toContainText('contexts-bad.jsonl was not stored');
    await expect(contextProblems.getByRole('listitem')).toHaveText([
      'line 2 — context.context: is required',
    ]);
    await expect(round1.getByText('3 contexts', { exact: true })).toBeVisible();

    // Datasets: a bad file shows its bad lines and is not listed; a good one is.
    await openSection(page, 'Datasets', '#datasets');
    await expect(page.getByText('No data found')).toBeVisible();
    const upload = page.getByRole('form', { name: 'Upload dataset' });
    await upload.getByRole('textbox', { name: 'Dataset name' }).fill('irony dev');
    await upload.getByLabel('Dataset file', { exact: true }).setInputFiles(
      writeTempFile('dev-bad.jsonl', [
        { uid: '1', tags: [], statement: 'Sure, I love waiting.', label: 'positive' },
        { uid: '2', tags: [], statement: 'Nice.', label: 'maybe' },
      ]),
    );
    await upload.getByRole('button', { name: 'Upload dataset' }).click();
    await expect(
      upload.getByText('Dataset names use letters, digits and dashes (at most 62)'),
    ).toBeVisible();
    await upload.getByRole('textbox', { name: 'Dataset name' }).fill('irony-dev');
    await upload.getByRole('button', { name: 'Upload dataset' }).click();
    const datasetProblems = upload.getByRole('alert');
    await expect(datasetProblems).toContainText('The file was not stored: line 2');
    await expect(datasetProblems.getByRole('listitem')).toHaveText([
      'line 2 — label: must be one of negative, positive, neutral',
    ]);
    await expect(page.getByText('No data found')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Datasets of this task' })).toHaveCount(0);

    await upload.getByLabel('Dataset file', { exact: true }).setInputFiles(
      writeTempFile('dev-good.jsonl', [
        { uid: '1', tags: [], statement: 'Sure, I love waiting.', label: 'negative' },
        { uid: '2', tags: ['e2e'], statement: 'Nice weather for ducks.', label: 'neutral' },
        { uid: 3, tags: [], statement: 'What a great day.', label: 'positive' },
      ]),
    );
    await upload.getByRole('button', { name: 'Upload dataset' }).click();
    await expect(upload.getByRole('status')).toHaveText(
      /^Dataset irony-dev stored: 3 lines; \d+ evaluations? queued\.$/,
    );
    const table = page.getByRole('table', { name: 'Datasets of this task' });
    const row = table.getByRole('row', { name: /irony-dev/ });
    await expect(row).toContainText('3');
    await expect(
      row.getByRole('combobox', { name: 'Access type of irony-dev', exact: true }),
    ).toHaveValue('hidden');

    // Owners: the admin becomes a co-owner.
    await openSection(page, 'Owners', '#owners');
    const owners = page.getByRole('list', { name: 'Owners' });
    await expect(owners.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByRole('button', { name: 'Add owner' }).click();
    await expect(page.getByText('admin is now an owner of this task.')).toBeVisible();
    await expect(owners.getByRole('listitem')).toHaveCount(2);
    await expect(owners).toContainText('admin');
    await expect(owners).toContainText(PROPOSER.username);

    // Rounds: round 2 starts; the examples export in an envelope with each round's agreement.
    await openSection(page, 'Rounds', '#rounds');
    await page.getByRole('textbox', { name: 'Long description (optional)' }).fill('Round two.');
    await page.getByRole('button', { name: 'Create new round' }).click();
    await expect(page.getByText('Round 2 was created and is now the current round.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Round 2' })).toContainText('Round two.');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all examples' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      format: string;
      task: { task_code: string };
      rounds: Array<{ rid: number; agreement: { rid: number } }>;
      examples: unknown[];
    };
    expect(exported.format).toBe('dynaloop-export/2');
    expect(exported.task.task_code).toBe(TASK.code);
    expect(exported.rounds.map((r) => [r.rid, r.agreement.rid])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(Array.isArray(exported.examples)).toBe(true);

    const roundDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export round 1' }).click();
    const roundFile = await roundDownload;
    expect(roundFile.suggestedFilename()).toBe(`${TASK.code}-round-1-export.json`);
    const roundExport = JSON.parse(fs.readFileSync(await roundFile.path(), 'utf8')) as {
      rounds: Array<{ rid: number }>;
      examples: unknown[];
    };
    expect(roundExport.rounds.map((r) => r.rid)).toEqual([1]);
    expect(Array.isArray(roundExport.examples)).toBe(true);

    // The task page shows the owner the settings gear.
    await page.goto(`/tasks/${TASK.code}`);
    await expect(page.getByRole('link', { name: 'Task settings' })).toHaveAttribute(
      'href',
      CONSOLE,
    );
  });

  test('a visitor sees the task page with its rounds and statistics', async ({
    browser,
    baseURL,
  }) => {
    const visitor = await newPage(browser, baseURL);
    try {
      const { page: guest } = visitor;
      await guest.goto(`/tasks/${TASK.code.toUpperCase()}`);
      await expect(guest).toHaveURL(new RegExp(`/tasks/${TASK.code}$`));
      await expect(guest.getByRole('heading', { level: 1, name: TASK.name })).toBeVisible();
      await expect(guest).toHaveTitle(`${TASK.name} · Dynaloop`);
      await expect(statValue(guest, 'Examples collected')).toHaveText('0');
      await expect(statValue(guest, 'Model error rate')).toHaveText('0.00%');
      const rounds = guest.getByRole('tablist', { name: 'Rounds' });
      await expect(rounds.getByRole('tab')).toHaveText(['Overall', 'Round 1', 'Round 2 (active)']);
      await expect(guest.getByText('The task owner still needs to activate this task')).toHaveCount(
        0,
      );
      await expect(guest.getByRole('link', { name: 'Create examples' })).toBeVisible();
      await expect(guest.getByRole('link', { name: 'Task settings' })).toHaveCount(0);

      await rounds.getByRole('tab', { name: 'Round 2 (active)' }).click();
      await expect(guest).toHaveURL(new RegExp(`/tasks/${TASK.code}/round/2$`));
      await expect(guest.getByText('Round two.')).toBeVisible();
      await expect(statValue(guest, 'Examples collected')).toHaveText('0');
      await expect(statValue(guest, 'Model error rate')).toHaveText('0.00%');
    } finally {
      await visitor.context.close();
    }
  });

  test('the owner console sends visitors and plain users to the login page', async ({
    browser,
    baseURL,
  }) => {
    const visitor = await newPage(browser, baseURL);
    try {
      await visitor.page.goto(CONSOLE);
      await expect(visitor.page).toHaveURL(
        `/login?msg=Please%20login%20first.&src=/task-owner-interface/${TASK.code}`,
      );
      await expect(visitor.page.getByText('Please login first.')).toBeVisible();

      await register(visitor.page, PLAIN_USER);
      await visitor.page.goto(CONSOLE);
      await expect(visitor.page).toHaveURL(/\/login\?/);
      const params = new URL(visitor.page.url()).searchParams;
      expect(params.get('msg')).toBe(
        'You are not an admin or owner of this task. Please login with an admin or owner account.',
      );
      expect(params.get('src')).toBe(CONSOLE);
      await expect(
        visitor.page.getByText(
          'You are not an admin or owner of this task. Please login with an admin or owner account.',
        ),
      ).toBeVisible();
    } finally {
      await visitor.context.close();
    }
  });
});
