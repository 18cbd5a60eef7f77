import { type RouteDef, routes } from '@dynaloop/contract';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { fillPath, multipart, sampleOf, sampleParams } from '../apps/server/test/contract-requests';
import { STARTER_CONFIG_YAML } from '../apps/server/src/features/proposals/starter-config';
import { logIn, newPage } from './support/ui';

/**
 * Stored XSS: a payload in every user-writable text field, then every page that shows them
 * opened in Chromium. Nothing may run (no call of the payloads' function, no dialog, no script
 * blocked by the Content-Security-Policy) and no payload may become markup (no event-handler
 * attribute, no javascript: link, no script element). The fields come from the route table:
 * every JSON-body route that stores what it is sent gets a payload in each of its string fields,
 * so a new field or route is covered without changing this test.
 */

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = 'correct horse battery';
const OWNER = { email: `xss-${RUN}@example.com`, username: `xss_${RUN}`, password: PASSWORD };

/** Routes whose body is not stored anywhere a page shows (sign-in flows, model calls). */
const NOT_STORED = new Set<keyof typeof routes>([
  'login',
  'register',
  'recoverInitiate',
  'recoverResolve',
  'logout',
  'evaluateExample',
  'convertToModelIo',
  'modelPredict',
  'deleteUser',
  'activateTask',
]);

let counter = 0;
/** Payloads from the most to the least markup, for fields that refuse the longer ones. */
function payloads(): string[] {
  const m = `xss${RUN}n${counter++}`;
  return [
    `"'><img src=x onerror="__xss('${m}')"><svg onload="__xss('${m}')"></svg><script>__xss('${m}')</script>[${m}](javascript:__xss('${m}'))`,
    `<img src=x onerror=__xss('${m}')>${m}`,
    `javascript:__xss('${m}')//${m}`,
    `<b onmouseover=__xss('${m}')>${m}</b>`,
    `<i>${m}</i>`,
  ];
}

interface Session {
  token: string;
  id: number;
}

/**
 * The client address this spec's API calls come from (the e2e server trusts X-Forwarded-For):
 * its own, so that the accounts it registers are not counted against the other specs' address.
 */
const CLIENT_ADDRESS = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

async function api(
  request: APIRequestContext,
  method: string,
  url: string,
  token: string | null,
  data?: unknown,
  multipartBody?: { payload: Buffer; headers: Record<string, string> },
) {
  const res = await request.fetch(`/api${url}`, {
    method,
    headers: {
      'x-forwarded-for': CLIENT_ADDRESS,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(multipartBody?.headers ?? {}),
    },
    ...(multipartBody ? { data: multipartBody.payload } : data !== undefined ? { data } : {}),
  });
  return { status: res.status(), json: async () => (await res.json()) as Record<string, unknown> };
}

/** Watches a page for anything a payload could do. */
async function watch(page: Page, ran: string[]) {
  await page.exposeBinding('__xss', (_source, marker: string) => {
    ran.push(`called __xss(${marker}) on ${page.url()}`);
  });
  page.on('dialog', async (dialog) => {
    ran.push(`dialog "${dialog.message()}" on ${page.url()}`);
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = globalThis as unknown as { __violations: string[] };
    w.__violations = [];
    globalThis.document.addEventListener('securitypolicyviolation', (e) => {
      // zod probes once whether eval is allowed (its JIT) and falls back: not a payload.
      const own = e.sourceFile.startsWith(`${globalThis.location.origin}/assets/`);
      if (e.blockedURI === 'eval' && own) return;
      w.__violations.push(
        `${e.violatedDirective}: ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      );
    });
  });
}

/** What a payload became in the page: markup that would run, and whether it is shown as text. */
async function inspect(page: Page) {
  return page.evaluate((run) => {
    const doc = globalThis.document;
    const injected: string[] = [];
    for (const el of Array.from(doc.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const value = attr.value.trim().toLowerCase();
        if (attr.name.startsWith('on') && value.includes('__xss'))
          injected.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(attr.name) &&
          value.replace(/\s/g, '').startsWith('javascript:')
        )
          injected.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
      }
      if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xss'))
        injected.push(`<script>${el.textContent ?? ''}</script>`);
    }
    const w = globalThis as unknown as { __violations?: string[] };
    return {
      injected,
      violations: w.__violations ?? [],
      shown: doc.body.innerText.includes(`xss${run}`),
    };
  }, RUN);
}

async function visitAll(
  browser: Browser,
  baseURL: string | undefined,
  who: { email: string; password: string },
  paths: string[],
) {
  const { context, page } = await newPage(browser, baseURL);
  const ran: string[] = [];
  const problems: string[] = [];
  const shownOn: string[] = [];
  try {
    await watch(page, ran);
    await logIn(page, who.email, who.password);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hover everything that shows a payload: mouse handlers would fire now.
      const marked = page.getByText(new RegExp(`xss${RUN}`)).first();
      if (await marked.isVisible().catch(() => false)) await marked.hover().catch(() => undefined);
      const found = await inspect(page);
      if (found.shown) shownOn.push(path);
      problems.push(...found.injected.map((i) => `${path}: markup ${i}`));
      problems.push(...found.violations.map((v) => `${path}: CSP blocked ${v}`));
    }
  } finally {
    await context.close();
  }
  return { problems: [...problems, ...ran], shownOn };
}

test('stored payloads in every user-writable text field run nowhere', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const adminPassword = process.env.E2E_ADMIN_PASSWORD;
  if (!adminPassword) throw new Error('E2E_ADMIN_PASSWORD is not set by the e2e global setup');

  // The people: a task owner (registered) and the admin of the install.
  const reg = await api(request, 'POST', '/users', null, OWNER);
  expect(reg.status).toBe(200);
  const regBody = await reg.json();
  const owner: Session = {
    token: regBody.token as string,
    id: (regBody.user as { id: number }).id,
  };
  const adminLogin = await api(request, 'POST', '/authenticate', null, {
    email: 'admin@dynaloop.local',
    password: adminPassword,
  });
  expect(adminLogin.status).toBe(200);
  const adminToken = (await adminLogin.json()).token as string;

  // A task of the owner's, by proposal and acceptance.
  const code = `xss_${RUN}`;
  const proposed = await api(request, 'POST', '/task_proposals/create', owner.token, {
    name: `XSS task ${RUN}`,
    task_code: code,
    desc: 'A task for the stored XSS test',
    longdesc: 'Every text of it will hold a payload.',
  });
  expect(proposed.status).toBe(200);
  const accept = await api(
    request,
    'PUT',
    `/tasks/process_proposal/${(await proposed.json()).id as number}`,
    adminToken,
    { accept: true },
  );
  expect(accept.status).toBe(200);
  const task = await (await api(request, 'GET', `/tasks/${code}`, owner.token)).json();
  const tid = task.id as number;

  // What hangs from it: contexts (with payloads), a dataset, a remote model, a pending proposal.
  const contextPayloads = payloads();
  const contexts = multipart(
    [
      {
        context: { context: contextPayloads[0] },
        tag: 'xss',
        metadata: { note: contextPayloads[0] },
      },
      { context: { context: payloads()[1] }, tag: null, metadata: {} },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n'),
    'contexts.jsonl',
  );
  const uploaded = await api(
    request,
    'POST',
    `/contexts/upload/${tid}/1`,
    owner.token,
    undefined,
    contexts,
  );
  expect(uploaded.status).toBe(200);
  const dataset = await api(
    request,
    'POST',
    `/datasets/create/${tid}/xss-${RUN}`,
    owner.token,
    undefined,
    multipart(JSON.stringify({ uid: '1', tags: [], statement: 'A statement.', label: 'positive' })),
  );
  expect(dataset.status).toBe(200);
  const datasetId = ((await dataset.json()).dataset as { id: number }).id;
  const model = await api(request, 'POST', `/tasks/${tid}/remote_models`, owner.token, {
    name: `model-${RUN}`,
    endpoint_url: 'https://models.example.org/predict',
  });
  expect(model.status, 'remote model').toBe(200);
  const modelId = ((await model.json()).model as { id: number } | undefined)?.id ?? 0;
  const pending = await api(request, 'POST', '/task_proposals/create', owner.token, {
    name: `Pending ${RUN}`,
    task_code: `pending_${RUN}`,
    desc: 'To be rejected with changes',
    longdesc: 'The rejection text holds a payload.',
  });
  const pendingId = (await pending.json()).id as number;

  // Every string field of every storing route, one at a time, with the first payload it takes.
  const idFor = (path: string): number => {
    if (path.startsWith('/users/')) return owner.id;
    if (path.startsWith('/datasets/')) return datasetId;
    if (path.startsWith('/models/')) return modelId;
    if (path.startsWith('/tasks/process_proposal/')) return pendingId;
    if (path.startsWith('/examples/') || path.startsWith('/validations/')) return 1;
    return tid;
  };
  const params: Record<string, (path: string) => unknown> = {
    id: idFor,
    task: () => tid,
    round: () => 1,
    rid: () => 1,
    mid: () => modelId,
    username: () => OWNER.username,
    page: () => 0,
    size: () => 5,
  };
  const fixtures = {
    email: OWNER.email,
    password: PASSWORD,
    username: OWNER.username,
    tid,
    rid: 1,
    task_code: `again_${RUN}`,
    endpoint_url: 'https://models.example.org/predict',
    accept: false,
    hidden: false,
    active: true,
    config_yaml: STARTER_CONFIG_YAML,
  };
  const stored: string[] = [];
  for (const [name, def] of Object.entries(routes) as Array<[keyof typeof routes, RouteDef]>) {
    if (NOT_STORED.has(name) || def.multipart || !def.body || def.method === 'GET') continue;
    const body = sampleOf(def.body, fixtures);
    if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
    const url = fillPath(
      def.path,
      sampleParams(def, (key) => params[key]?.(def.path) ?? 1),
    );
    // Payloads accumulate: a field that took one keeps it while the next fields are tried.
    const accepted: Record<string, unknown> = { ...body };
    for (const [field, value] of Object.entries(body)) {
      if (typeof value !== 'string' || field in fixtures) continue;
      for (const payload of payloads()) {
        const data = { ...accepted, [field]: payload };
        let res = await api(request, def.method, url, owner.token, data);
        if (res.status === 403) res = await api(request, def.method, url, adminToken, data);
        if (res.status < 300) {
          accepted[field] = payload;
          stored.push(`${name}.${field}`);
          break;
        }
      }
    }
  }
  // The fields the pages show most: each must have taken a payload.
  expect(stored).toEqual(
    expect.arrayContaining([
      'updateTask.name',
      'updateTask.desc',
      'updateTask.instructions_md',
      'createRound.desc',
      'updateDataset.longdesc',
      'createProposal.name',
      'processProposal.changes',
    ]),
  );

  // Every page that shows them, as the owner and as the admin.
  const ownerConsole = `/task-owner-interface/${code}`;
  const ownerPaths = [
    '/',
    `/tasks/${code}`,
    `/tasks/${code}/round/1`,
    `/tasks/${code}/round/2`,
    `/tasks/${code}/create`,
    `/tasks/${code}/validate`,
    ...['settings', 'advanced', 'owners', 'rounds', 'models', 'datasets'].map(
      (s) => `${ownerConsole}#${s}`,
    ),
    ...['profile', 'notifications', 'stats', 'models', 'forks-and-snapshots', 'tasks'].map(
      (s) => `/account#${s}`,
    ),
    `/users/${owner.id}`,
    '/generate_api_token',
  ];
  const asOwner = await visitAll(browser, baseURL, OWNER, ownerPaths);
  const asAdmin = await visitAll(
    browser,
    baseURL,
    { email: 'admin@dynaloop.local', password: adminPassword },
    [
      '/account#admin_task_proposals',
      `/tasks/${code}`,
      `${ownerConsole}#settings`,
      `/users/${owner.id}`,
    ],
  );
  test.info().annotations.push({
    type: 'figures',
    description: `${stored.length} fields stored a payload; payloads shown on ${asOwner.shownOn.length + asAdmin.shownOn.length} of ${ownerPaths.length + 4} pages`,
  });
  expect([...asOwner.problems, ...asAdmin.problems]).toEqual([]);
  // The payloads were there to run: shown as text on the pages that hold them.
  expect(asOwner.shownOn).toEqual(
    expect.arrayContaining([`/tasks/${code}`, `${ownerConsole}#settings`, `/tasks/${code}/create`]),
  );
  expect(asAdmin.shownOn).toContain('/account#admin_task_proposals');
});
