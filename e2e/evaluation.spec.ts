import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPage, readToken, register } from './support/ui';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const ROOT = path.resolve(import.meta.dirname, '..');

/** The demo sentiment scoring set, as the seed loads it. */
const gold = fs
  .readFileSync(path.join(ROOT, 'data/tasks/sentiment/scoring.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { uid: string; label: string });

/** sklearn's macro F1 ×100 rounded to 2 decimals, computed here from the definition. */
function macroF1(truth: string[], predicted: string[]): number {
  const labels = [...new Set([...truth, ...predicted])];
  const f1 = labels.map((label) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    truth.forEach((t, i) => {
      if (t === label && predicted[i] === label) tp++;
      else if (predicted[i] === label) fp++;
      else if (t === label) fn++;
    });
    return tp + fp + fn === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  });
  return Math.round((10000 * f1.reduce((a, b) => a + b, 0)) / labels.length) / 100;
}

const jsonl = (rows: object[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

function tokenUserId(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    id: number;
  };
  return payload.id;
}

async function sentimentTask(request: APIRequestContext) {
  const res = await request.get('/api/tasks/sentiment');
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    id: number;
    ordered_scoring_datasets: Array<{ id: number; name: string }>;
  };
}

async function submitThroughPage(page: Page, taskId: number, name: string, file: Buffer) {
  await page.goto(`/tasks/${String(taskId)}/submit_predictions`);
  await page.getByRole('textbox', { name: 'Model name' }).fill(name);
  await page.locator('input[type="file"]').first().setInputFiles({
    name: 'predictions.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: file,
  });
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('evaluation as a service: baselines scored, predictions submitted and watched, published, downloaded, limited', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const task = await sentimentTask(request);
  const scoring = task.ordered_scoring_datasets[0]!;

  // A fresh install shows completed scores for the built-in baselines.
  const baseline = await request.get('/api/models/1/details');
  expect(baseline.ok()).toBe(true);
  await page.goto('/models/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    ((await baseline.json()) as { name: string }).name,
  );
  await expect(
    page
      .getByRole('table', { name: 'Scores' })
      .getByText(/\d+\.\d\d ± \d+\.\d\d/)
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });

  // A new model builder signs up.
  await register(page, {
    email: `eval-${RUN}@example.com`,
    username: `eval_${RUN}`,
    password: 'a-long-password',
  });
  const token = (await readToken(page, 'id_token'))!;
  const me = tokenUserId(token);
  const auth = { authorization: `Bearer ${token}` };

  // A file with one bad line: a line-numbered error, and nothing stored.
  const bad = gold.map((g) => ({ uid: g.uid, label: g.label }));
  bad[2] = { uid: bad[2]!.uid, label: 'ecstatic' };
  await submitThroughPage(page, task.id, `bad-${RUN}`, jsonl(bad));
  await expect(page.getByText('The predictions were not stored')).toBeVisible();
  await expect(
    page.getByText(`${scoring.name} line 3.label: must be one of negative, positive, neutral`),
  ).toBeVisible();
  const none = await request.get(`/api/users/${String(me)}/models`, { headers: auth });
  expect(((await none.json()) as { count: number }).count).toBe(0);

  // A good file: every third prediction says "positive".
  const predicted = gold.map((g, i) => (i % 3 === 0 ? 'positive' : g.label));
  const good = gold.map((g, i) => ({ uid: g.uid, label: predicted[i] }));
  await submitThroughPage(page, task.id, `good-${RUN}`, jsonl(good));
  await page.getByRole('link', { name: 'Go to your model’s page' }).click();
  await expect(page).toHaveURL(/\/models\/\d+$/);
  const modelId = Number(/\/models\/(\d+)$/.exec(page.url())![1]);

  // The status changes reach the open page: the score appears without a reload.
  let loads = 0;
  page.on('load', () => loads++);
  const expected = macroF1(
    gold.map((g) => g.label),
    predicted,
  );
  const scoreCell = page.getByTestId(`score-${scoring.name}`);
  await expect(scoreCell).toContainText(`${expected.toFixed(2)} ±`, { timeout: 30_000 });
  expect(loads).toBe(0);

  // Publish, go anonymous, edit.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  // A controlled switch: it turns on once the server has stored the change.
  await page.getByRole('switch', { name: /Anonymous/ }).click();
  await expect(page.getByRole('switch', { name: /Anonymous/ })).toBeChecked();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(`renamed-${RUN}`);
  await page.getByRole('textbox', { name: 'License' }).fill('MIT');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`renamed-${RUN}`);
  await expect(
    page
      .getByRole('checkbox', { name: /Anonymous/ })
      .or(page.getByRole('switch', { name: /Anonymous/ })),
  ).toBeChecked();

  // Download one's predictions.
  const downloading = page.waitForEvent('download');
  await scoreCell.getByRole('button', { name: 'Download predictions' }).click();
  const download = await downloading;
  const content = fs.readFileSync((await download.path())!, 'utf8');
  expect(content.trim().split('\n')).toHaveLength(gold.length);

  // Someone else sees the anonymous model without its owner, and cannot download.
  const other = await newPage(browser, baseURL);
  await register(other.page, {
    email: `eval-other-${RUN}@example.com`,
    username: `eval_other_${RUN}`,
    password: 'a-long-password',
  });
  await other.page.goto(`/models/${String(modelId)}`);
  await expect(other.page.getByRole('heading', { level: 1 })).toHaveText(`renamed-${RUN}`);
  await expect(other.page.getByText('Anonymous', { exact: true })).toBeVisible();
  await expect(other.page.getByText(`eval_${RUN}`)).toHaveCount(0);
  await expect(other.page.getByRole('button', { name: 'Download predictions' })).toHaveCount(0);
  const otherToken = (await readToken(other.page, 'id_token'))!;
  const refused = await request.get(
    `/api/models/predictions/${String(modelId)}/${String(scoring.id)}`,
    { headers: { authorization: `Bearer ${otherToken}` } },
  );
  expect(refused.status()).toBe(403);
  await other.context.close();

  // Two more submissions are allowed; the fourth in 24 hours is refused with the reason.
  for (const n of [2, 3]) {
    const res = await request.post(
      `/api/models/upload_predictions/${String(task.id)}/more-${String(n)}-${RUN}`,
      {
        headers: auth,
        multipart: {
          [scoring.name]: {
            name: 'p.jsonl',
            mimeType: 'application/x-ndjson',
            buffer: jsonl(good),
          },
        },
      },
    );
    expect(res.status()).toBe(200);
  }
  await submitThroughPage(page, task.id, `fourth-${RUN}`, jsonl(good));
  await expect(page.getByText('Submission limit reached')).toBeVisible();
  await expect(page.getByText(/You can submit again after \d{4}-\d\d-\d\dT/)).toBeVisible();
});
