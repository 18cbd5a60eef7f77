import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { input, logIn, newPage, readToken, register, statValue } from './support/ui';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = 'correct horse battery';
const AUTHOR = {
  email: `author-${RUN}@example.com`,
  username: `author_${RUN}`,
  password: PASSWORD,
};
const VALIDATORS = [1, 2, 3].map((n) => ({
  email: `validator${String(n)}-${RUN}@example.com`,
  username: `val${String(n)}_${RUN}`,
  password: PASSWORD,
}));
const SARCASM = 'Oh great, another wonderful Monday of endless meetings.';

/** The round the demo tasks collect in (they are seeded with two rounds). */
const ROUND = 2;

interface RoundFigures {
  total_collected: number;
  total_fooled: number;
  total_verified_fooled: number;
}

async function roundFigures(request: APIRequestContext, task: string): Promise<RoundFigures> {
  const response = await request.get(`/api/tasks/${task}/${String(ROUND)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as RoundFigures;
}

/** Opens a task's create page and waits until a context is shown. */
async function openCreate(page: Page, task: string) {
  await page.goto(`/tasks/${task}/create`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Find examples that fool the model' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Context' })).toBeVisible();
}

/** Submits and returns the card of the example the server stored, with its id. */
async function submitLive(page: Page): Promise<{ card: Locator; id: number }> {
  const cards = page.getByRole('region', { name: 'Submitted examples' }).getByRole('article');
  const before = await cards.count();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(cards).toHaveCount(before + 1);
  const card = cards.first();
  const name = (await card.getAttribute('aria-label')) ?? '';
  const match = /^Example (\d+)$/.exec(name);
  expect(match, `a stored example, not "${name}"`).not.toBeNull();
  return { card, id: Number(match?.[1]) };
}

async function confirmAction(page: Page, card: Locator, action: 'Retract' | 'Flag') {
  await card.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action} example` });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe.serial('data collection', () => {
  let author: { context: BrowserContext; page: Page };
  let foolingExampleId = 0;

  test.beforeAll(async ({ browser, baseURL }) => {
    author = await newPage(browser, baseURL);
  });

  test.afterAll(async () => {
    await author.context.close();
  });

  test('a guest talks to the sentiment model in Sandbox with a trial token; nothing is stored', async ({
    page,
    request,
  }) => {
    const before = await roundFigures(request, 'sentiment');
    await openCreate(page, 'sentiment');

    await expect(page.getByText('Sandbox mode: your examples are not stored')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Live Mode' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'log in to store your examples' })).toHaveAttribute(
      'href',
      '/login?src=/tasks/sentiment/create',
    );

    await input(page, 'Statement').fill(SARCASM);
    await page.getByRole('combobox', { name: 'Label' }).selectOption('negative');
    const predict = page.waitForRequest((r) => /\/api\/models\/\d+\/predict$/.test(r.url()));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    const sent = await predict;
    const trialToken = await readToken(page, 'trial_auth_token');
    expect(trialToken).toBeTruthy();
    expect(sent.headers()['authorization']).toBe(`Bearer ${trialToken ?? ''}`);
    expect(sent.postDataJSON()).toMatchObject({ statement: SARCASM });

    const card = page.getByRole('article', { name: 'Sandbox example (not stored)' });
    await expect(card).toContainText('You fooled the model!');
    await expect(card).toContainText(/Model’s label\s*positive \(\d+\.\d\d%\)/);
    await expect(card.getByRole('button', { name: 'Retract' })).toHaveCount(0);

    expect(await roundFigures(request, 'sentiment')).toEqual(before);
  });

  test('a registered user fools the sentiment model and writes NLI, hate speech and QA examples', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const { page } = author;
    await register(page, AUTHOR);

    // Not on the round's user leaderboard before writing anything.
    await page.goto(`/tasks/sentiment/round/${String(ROUND)}`);
    const leaderboard = page.getByRole('region', { name: 'User leaderboard' });
    await expect(leaderboard).toBeVisible();
    await expect(leaderboard.getByRole('link', { name: AUTHOR.username })).toHaveCount(0);

    // Sentiment: sarcasm that sounds positive, labelled negative.
    const sentimentBefore = await roundFigures(request, 'sentiment');
    await openCreate(page, 'sentiment');
    await expect(page.getByRole('switch', { name: 'Live Mode' })).toBeChecked();
    await expect(page.getByText('Sandbox mode: your examples are not stored')).toHaveCount(0);
    await input(page, 'Statement').fill(SARCASM);
    await page.getByRole('combobox', { name: 'Label' }).selectOption('negative');
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/examples',
    );
    const sentiment = await submitLive(page);
    foolingExampleId = sentiment.id;
    const post = await posted;
    expect(post.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.postDataJSON()).toMatchObject({
      rid: ROUND,
      input: { statement: SARCASM, label: 'negative' },
      model_signature: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });
    await expect(sentiment.card).toContainText('You fooled the model!');
    await sentiment.card
      .getByRole('textbox', { name: 'Example explanation' })
      .fill('The praise is sarcastic: nobody enjoys endless meetings.');
    await sentiment.card.getByRole('button', { name: 'Save notes' }).click();
    await expect(sentiment.card.getByText('Saved.')).toBeVisible();
    const sentimentAfter = await roundFigures(request, 'sentiment');
    expect(sentimentAfter.total_collected).toBe(sentimentBefore.total_collected + 1);
    expect(sentimentAfter.total_fooled).toBe(sentimentBefore.total_fooled + 1);

    // NLI, then retracted.
    await openCreate(page, 'nli');
    await input(page, 'Hypothesis').fill('Nothing at all happened in the story.');
    await page.getByRole('combobox', { name: 'Label' }).selectOption('contradictory');
    const nli = await submitLive(page);
    await confirmAction(page, nli.card, 'Retract');
    await expect(nli.card.getByText('Retracted')).toBeVisible();
    await expect(nli.card.getByRole('button', { name: 'Retract' })).toHaveCount(0);

    // Hate speech, then flagged.
    await openCreate(page, 'hs');
    await expect(page.getByText('Examples may contain mildly offensive language.')).toBeVisible();
    await input(page, 'Statement').fill('Everyone from the valley deserves a warm welcome here.');
    await page.getByRole('combobox', { name: 'Label' }).selectOption('not-hateful');
    const hs = await submitLive(page);
    await confirmAction(page, hs.card, 'Flag');
    await expect(hs.card.getByText('Flagged')).toBeVisible();

    // QA: the answer is a word of the passage, selected with the mouse (a double click).
    await openCreate(page, 'qa');
    const passage = page.getByRole('textbox', { name: /^Context: select your answer/ });
    const word = await passage.evaluate((element) => {
      const node = element.firstChild as Text;
      const text = node.textContent ?? '';
      // A plain word between spaces and punctuation, so that a double click selects exactly it.
      const found = /(?<=\s)[A-Za-z]{6,}(?=[\s,.])/.exec(text.slice(20));
      if (!found) throw new Error('no word to select');
      const start = 20 + found.index;
      const range = element.ownerDocument.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + found[0].length);
      const box = range.getBoundingClientRect();
      return { text: found[0], x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await page.mouse.dblclick(word.x, word.y);
    await expect(page.getByRole('textbox', { name: 'Answer', exact: true })).toHaveValue(word.text);
    await expect(passage.locator('mark')).toHaveText(word.text);
    await input(page, 'Question').fill(`Which word comes here: ${word.text}?`);
    const qa = await submitLive(page);
    await expect(qa.card).toContainText(`Your answer${word.text}`);
  });

  test('three users validate the fooling example as Correct; statistics, leaderboard and agreement follow', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const before = await roundFigures(request, 'sentiment');

    for (const [index, user] of VALIDATORS.entries()) {
      const validator = await newPage(browser, baseURL);
      try {
        const { page } = validator;
        await register(page, user);
        await page.goto('/tasks/sentiment/validate');
        const example = page.getByRole('article', { name: 'Example to validate' });
        await expect(example).toContainText(SARCASM);
        await expect(example).toContainText('The model was fooled');
        // Keyboard only: "c" chooses Correct, Enter submits.
        await page.keyboard.press('c');
        await expect(page.getByRole('radio', { name: 'Correct', exact: true })).toBeChecked();
        await page.keyboard.press('Enter');
        await expect(
          page.getByText(
            `Thank you: your validation of example ${String(foolingExampleId)} was saved.`,
          ),
        ).toBeVisible();
        if (index === 0)
          await expect(page.getByText('No more examples', { exact: true })).toBeVisible();
      } finally {
        await validator.context.close();
      }
    }

    const after = await roundFigures(request, 'sentiment');
    expect(after.total_verified_fooled).toBe(before.total_verified_fooled + 1);

    // The task page shows the new figure and the author on the round's user leaderboard.
    const { page } = author;
    await page.goto(`/tasks/sentiment/round/${String(ROUND)}`);
    await expect(statValue(page, 'Verified fooled')).toHaveText(
      String(after.total_verified_fooled),
    );
    const leaderboard = page.getByRole('table', { name: 'User leaderboard' });
    const row = leaderboard.getByRole('row').filter({ hasText: AUTHOR.username });
    await expect(row).toContainText('100.00%');
    await expect(row).toContainText('1/1');
    await expect(row.getByRole('link', { name: AUTHOR.username })).toHaveAttribute(
      'href',
      /^\/users\/\d+#profile$/,
    );
    // Contributors do not see the owners' agreement card.
    await expect(page.getByRole('region', { name: 'Validation agreement' })).toHaveCount(0);

    // The admin owns the demo tasks and sees how the validators agreed.
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set by the e2e global setup');
    const admin = await newPage(browser, baseURL);
    try {
      await logIn(admin.page, 'admin@dynaloop.local', password);
      await admin.page.goto(`/tasks/sentiment/round/${String(ROUND)}`);
      const card = admin.page.getByRole('region', { name: 'Validation agreement' });
      const figure = (label: string) =>
        card
          .locator('dt', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::dd');
      await expect(figure('Validations')).toHaveText('3');
      await expect(figure('Examples validated')).toHaveText('1');
      await expect(figure('Krippendorff’s α')).toHaveText(/^(n\/a|-?\d\.\d\d)/);
      await expect(figure('Verified model error rate')).toHaveText(/^\d+\.\d\d%95% CI/);
    } finally {
      await admin.context.close();
    }
  });

  test('a crowd worker submits with a crowd credential and is counted in the round', async ({
    browser,
    baseURL,
    request,
  }) => {
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set by the e2e global setup');
    const admin = await newPage(browser, baseURL);
    try {
      await logIn(admin.page, 'admin@dynaloop.local', password);
      const task = (await (await request.get('/api/tasks/sentiment')).json()) as { id: number };

      // The owner console issues the task's crowd credential, shown once.
      await admin.page.goto('/task-owner-interface/sentiment#owners');
      const crowd = admin.page.getByRole('region', { name: 'Crowd workers' });
      await crowd.getByRole('button', { name: 'Issue a crowd credential' }).click();
      await admin.page
        .getByRole('dialog', { name: 'Issue a crowd credential?' })
        .getByRole('button', { name: 'Issue' })
        .click();
      const credential = crowd.getByLabel('Crowd credential', { exact: true });
      await expect(credential).toHaveText(/^dlc_\S+$/);
      const crowdToken = (await credential.textContent()) ?? '';

      await admin.page.goto(`/tasks/sentiment/round/${String(ROUND)}`);
      const collected = Number(
        (await statValue(admin.page, 'Examples collected').textContent())?.replace(/,/g, ''),
      );

      const context = (await (
        await request.get(`/api/contexts/sentiment/${String(ROUND)}/min`)
      ).json()) as { id: number; tag: string | null };
      const created = await request.post('/api/examples', {
        headers: { Authorization: `Crowd ${crowdToken}` },
        data: {
          tid: task.id,
          rid: ROUND,
          cid: context.id,
          input: {
            statement: 'The new café is cosy, although the coffee is cold.',
            label: 'neutral',
          },
          metadata: {},
          tag: context.tag,
          annotator_id: `worker-${RUN}`,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);

      await admin.page.reload();
      await expect(statValue(admin.page, 'Examples collected')).toHaveText(String(collected + 1));
    } finally {
      await admin.context.close();
    }
  });
});
