import { createHmac } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { input, logIn, newPage, readToken, register } from './support/ui';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const ROUND = 2;

/** Canonical JSON as docs/model-protocol.md defines it: keys sorted at every depth. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A sentiment model hosted outside the platform, written from the protocol document alone: it
 * calls everything positive, signs with the secret the owner gave it, and allows the platform's
 * origin by CORS. `mode` makes it misbehave.
 */
function startRemoteModel() {
  const state = {
    secret: '',
    mode: 'ok' as 'ok' | 'garbage',
    authorizations: [] as string[],
  };
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, accept');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      state.authorizations.push(req.headers.authorization ?? '');
      if (state.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('I am not JSON');
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      const modelInput = { context: body.context, statement: body.statement };
      const output = { label: 'positive', prob: { negative: 0.1, neutral: 0.1, positive: 0.8 } };
      const signature = createHmac('sha256', state.secret)
        .update(canonical({ task: 'sentiment', input: modelInput, output }))
        .digest('hex');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...output, model_name: 'always-positive', signature }));
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${String(port)}/predict`,
          state,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}

async function loopOf(request: APIRequestContext, taskId: number, token: string) {
  const models = (await (
    await request.get(`/api/tasks/get_model_identifiers/${String(taskId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as Array<{ id: number; name: string; rounds_in_the_loop: number[] }>;
  return models;
}

test('an owner puts a remote model in the loop; a contributor fools it and the answer is verified', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set by the e2e global setup');
  const remote = await startRemoteModel();
  const admin = await newPage(browser, baseURL);
  const author = await newPage(browser, baseURL);
  const task = (await (await request.get('/api/tasks/sentiment')).json()) as { id: number };
  let adminToken = '';
  let loopBefore: number[] | null = null;
  try {
    await logIn(admin.page, 'admin@dynaloop.local', password);
    adminToken = (await readToken(admin.page, 'id_token')) ?? '';
    loopBefore = (await loopOf(request, task.id, adminToken))
      .filter((m) => m.rounds_in_the_loop.includes(ROUND))
      .map((m) => m.id);

    // The owner console: register the endpoint, copy its secret, put it in the loop.
    const name = `remote-${RUN}`;
    await admin.page.goto('/task-owner-interface/sentiment#models');
    const form = admin.page.getByRole('form', { name: 'Register a remote model' });
    await form.getByRole('textbox', { name: 'Model name' }).fill(name);
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('not a url');
    await form.getByRole('button', { name: 'Register model' }).click();
    await expect(
      form.getByText('The endpoint must be an absolute http(s) URL without credentials'),
    ).toBeVisible();
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(remote.url);
    await form.getByRole('button', { name: 'Register model' }).click();
    const secret = admin.page.getByLabel('Model secret');
    await expect(secret).toHaveText(/^[0-9a-f]{64}$/);
    remote.state.secret = (await secret.textContent()) ?? '';
    const table = admin.page.getByRole('table', { name: 'Models of this task' });
    await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText(
      'Remote endpoint',
    );

    const picker = admin.page.getByRole('combobox', {
      name: `Models in the loop of round ${String(ROUND)}`,
    });
    // The remote model alone, so that every contributor of the round writes against it.
    await picker.click();
    await picker.press('Backspace');
    await admin.page.getByRole('option', { name }).click();
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('button', { name: `Save round ${String(ROUND)}` }).click();
    await expect(
      admin.page.getByText(`The models in the loop of round ${String(ROUND)} were saved.`),
    ).toBeVisible();
    const model = (await loopOf(request, task.id, adminToken)).find((m) => m.name === name);
    expect(model?.rounds_in_the_loop).toContain(ROUND);
    const loopNow = (await loopOf(request, task.id, adminToken)).filter((m) =>
      m.rounds_in_the_loop.includes(ROUND),
    );
    expect(loopNow.map((m) => m.name)).toEqual([name]);

    // A contributor writes against it: the browser calls the remote endpoint directly.
    await register(author.page, {
      email: `remote-${RUN}@example.com`,
      username: `remote_${RUN}`,
      password: 'correct horse battery',
    });
    // Live Mode: the model the round's loop draws (a model named in the URL is Sandbox only).
    await author.page.goto('/tasks/sentiment/create');
    await expect(
      author.page.getByRole('heading', { level: 2, name: 'Find examples that fool the model' }),
    ).toBeVisible();
    await expect(author.page.getByRole('switch', { name: 'Live Mode' })).toBeChecked();
    await input(author.page, 'Statement').fill('What a delight: the train was late again.');
    await author.page.getByRole('combobox', { name: 'Label' }).selectOption('negative');
    const called = author.page.waitForRequest(
      (r) => r.url() === remote.url && r.method() === 'POST',
    );
    await author.page.getByRole('button', { name: 'Submit', exact: true }).click();
    await called;
    const cards = author.page
      .getByRole('region', { name: 'Submitted examples' })
      .getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('You fooled the model!');
    const id = Number(
      /^Example (\d+)$/.exec((await cards.first().getAttribute('aria-label')) ?? '')?.[1],
    );
    expect(id).toBeGreaterThan(0);

    // The remote model got a guest trial token, never the contributor's session.
    const session = await readToken(author.page, 'id_token');
    expect(remote.state.authorizations.at(-1)).toMatch(/^Bearer \S+$/);
    expect(remote.state.authorizations.at(-1)).not.toBe(`Bearer ${session ?? ''}`);

    const stored = (await (
      await request.get(`/api/examples/${String(id)}`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { model_endpoint_name: string; model_wrong: boolean };
    expect(stored).toMatchObject({
      model_endpoint_name: `remote-${String(model?.id)}`,
      model_wrong: true,
    });

    // A model answering garbage: a clear message, nothing stored.
    remote.state.mode = 'garbage';
    await input(author.page, 'Statement').fill('Another lovely delay, thanks a lot.');
    await author.page.getByRole('combobox', { name: 'Label' }).selectOption('negative');
    await author.page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(author.page.getByText('The model did not answer properly')).toBeVisible();
    await expect(cards).toHaveCount(1);
  } finally {
    // Other browser tests write against the demo loop: leave it as it was.
    if (adminToken && loopBefore) {
      await request.put(
        `/api/tasks/update_models_in_the_loop/${String(task.id)}/${String(ROUND)}`,
        { headers: { Authorization: `Bearer ${adminToken}` }, data: { model_ids: loopBefore } },
      );
    }
    await admin.context.close();
    await author.context.close();
    await remote.close();
  }
});
