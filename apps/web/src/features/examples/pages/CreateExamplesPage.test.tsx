import { HELP_OVERLAY_HIDE_MS, MESSAGES, type TaskDetail } from '@dynaloop/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, makeToken, makeUser } from '../../../test/auth';
import { QA_PASSAGE, qaTask, sentimentTask, VADER } from '../../../test/collection';
import { callsTo, jsonResponse, type MockRequest, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

type Handler = (request: MockRequest) => Response | Promise<Response>;

const SARCASM = 'Oh great, another wonderful Monday of endless meetings.';
const SIGNATURE = 'a'.repeat(64);

const sentimentAnswer = {
  label: 'positive',
  prob: { negative: 0.01, positive: 0.9865, neutral: 0.0035 },
  model_name: VADER.name,
  signature: SIGNATURE,
};

function serve(
  task: TaskDetail = sentimentTask(),
  routes: Record<string, Handler> = {},
  models: unknown[] = [VADER],
) {
  return mockRoutes({
    [`GET /api/tasks/${task.task_code}`]: () => jsonResponse(task),
    [`GET /api/tasks/${String(task.id)}/models_in_the_loop`]: () => jsonResponse(models),
    [`GET /api/contexts/${task.task_code}/${String(task.cur_round)}/min`]: () =>
      jsonResponse({
        id: 3,
        r_realid: 1,
        context: { context: task.task_code === 'qa' ? QA_PASSAGE : 'Mondays at the office.' },
        tag: 'office',
        metadata: {},
      }),
    'GET /api/authenticate/get_trial_token': () => jsonResponse({ token: makeToken({ id: 0 }) }),
    'POST /api/models/12/predict': () => jsonResponse(sentimentAnswer),
    'POST /api/examples/evaluate': () => jsonResponse({ success: 'ok', model_wrong: true }),
    'POST /api/examples': () =>
      jsonResponse({ success: 'ok', id: 55, model_wrong: true, badges: 'FIRST_CREATED' }),
    'PUT /api/examples/55': () => jsonResponse({ id: 55 }),
    ...routes,
  });
}

async function openCreate(path = '/tasks/sentiment/create') {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

/** Logs a user in, serves `task` and opens its create page; the fetch mock. */
async function openLoggedIn(
  task: TaskDetail = sentimentTask(),
  routes: Record<string, Handler> = {},
) {
  logInAs(makeUser());
  const fetchMock = serve(task, routes);
  await openCreate(`/tasks/${task.task_code}/create`);
  return fetchMock;
}

async function writeSarcasm() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Statement' }), {
    target: { value: SARCASM },
  });
  fireEvent.change(screen.getByRole('combobox', { name: 'Label' }), {
    target: { value: 'negative' },
  });
}

function submitButton() {
  return screen.getByRole('button', { name: 'Submit' });
}

async function submitSarcasm() {
  await writeSarcasm();
  fireEvent.click(submitButton());
}

/** What the Statement field holds. */
function statementValue() {
  return (screen.getByRole('textbox', { name: 'Statement' }) as HTMLTextAreaElement).value;
}

function upload(name: string, content: string) {
  const input = screen.getByLabelText('JSONL file of examples');
  fireEvent.change(input, {
    target: { files: [new File([content], name, { type: 'application/jsonl' })] },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CreateExamplesPage: header', () => {
  it('says "Find examples that fool the model" for a random model in the loop', async () => {
    serve();
    await openCreate();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sentiment Analysis');
    expect(
      await screen.findByRole('heading', { name: 'Find examples that fool the model' }),
    ).toBeDefined();
    expect(screen.getByRole('switch', { name: 'Live Mode' })).toBeDefined();
    expect(document.title).toBe('Create examples · Sentiment Analysis · Dynaloop');
  });

  it('names the model chosen in the URL and hides the Live Mode switch', async () => {
    logInAs(makeUser());
    serve();
    await openCreate('/tasks/sentiment/create?model=12');

    expect(
      await screen.findByRole('heading', { name: `Find examples that fool ${VADER.name}` }),
    ).toBeDefined();
    expect(screen.queryByRole('switch', { name: 'Live Mode' })).toBeNull();
  });

  it('says "Find examples" when the task has no model in the loop', async () => {
    serve(sentimentTask(), {}, []);
    await openCreate();

    expect(await screen.findByRole('heading', { name: 'Find examples' })).toBeDefined();
    expect(screen.getByText('statement.', { exact: false }).textContent).not.toContain(
      'fools the model',
    );
  });

  it('shows the goal with its label choice, the context and the instructions as markdown', async () => {
    serve();
    await openCreate();

    const label = await screen.findByRole('combobox', { name: 'Label' });
    expect(screen.getByText('Your goal:').parentElement?.textContent).toContain(
      'statement that fools the model.',
    );
    expect(
      within(label)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['choose a label', 'negative', 'positive', 'neutral']);
    expect(await screen.findByText('Mondays at the office.')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Instructions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instructions' });
    // The markdown renderer loads when the instructions are first shown.
    await within(dialog).findByText('Sarcasm is a good start.');
    const paragraphs = [...dialog.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'Write a statement with a positive, negative or neutral sentiment.',
      'Sarcasm is a good start.',
    ]);
    expect([...dialog.querySelectorAll('strong')].map((strong) => strong.textContent)).toEqual([
      'positive',
      'negative',
    ]);
    expect(dialog.textContent).not.toContain('**');
  });

  it('renders links in the instructions safely and drops raw HTML', async () => {
    serve(
      sentimentTask({
        instructions_md:
          'Read [the guide](https://example.com/guide).\n\n<script>window.pwned = true</script>\n\n<img src="x" onerror="window.pwned = true">',
      }),
    );
    await openCreate();

    fireEvent.click(await screen.findByRole('button', { name: 'Instructions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instructions' });
    const guide = await within(dialog).findByRole('link', { name: 'the guide' });
    expect(guide.getAttribute('href')).toBe('https://example.com/guide');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('says so when the task has no instructions', async () => {
    serve(sentimentTask({ instructions_md: '  \n\n ' }));
    await openCreate();

    fireEvent.click(await screen.findByRole('button', { name: 'Instructions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instructions' });
    expect(within(dialog).getByText('This task has no instructions yet.')).toBeDefined();
  });

  it('explains an inactive task instead of the form', async () => {
    serve(sentimentTask({ active: false }));
    await openCreate();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sentiment Analysis');
    expect(screen.getByText(MESSAGES.taskNotActive)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

describe('CreateExamplesPage: help overlay', () => {
  it('shows on arrival, hides after HELP_OVERLAY_HIDE_MS, and the Help button toggles it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    await openCreate();
    await screen.findByRole('heading', { name: 'Find examples that fool the model' });

    expect(screen.getByText('Write your example here.')).toBeDefined();
    const help = screen.getByRole('button', { name: 'Help' });
    expect(help.getAttribute('aria-pressed')).toBe('true');

    act(() => {
      vi.advanceTimersByTime(HELP_OVERLAY_HIDE_MS);
    });
    expect(screen.queryByText('Write your example here.')).toBeNull();
    expect(help.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(help);
    expect(screen.getByText('Write your example here.')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(5 * HELP_OVERLAY_HIDE_MS);
    });
    expect(screen.getByText('Write your example here.')).toBeDefined();
    fireEvent.click(help);
    expect(screen.queryByText('Write your example here.')).toBeNull();
  });
});

describe('CreateExamplesPage: sandbox', () => {
  it('lets a guest talk to the model with a trial token and stores nothing', async () => {
    const fetchMock = serve();
    await openCreate();
    await writeSarcasm();

    expect(screen.getByText('Sandbox mode: your examples are not stored')).toBeDefined();
    const login = screen.getByRole('link', { name: 'log in to store your examples' });
    expect(login.getAttribute('href')).toBe('/login?src=/tasks/sentiment/create');
    expect((screen.getByRole('switch', { name: 'Live Mode' }) as HTMLInputElement).disabled).toBe(
      true,
    );

    fireEvent.click(submitButton());
    const card = await screen.findByRole('article', { name: 'Sandbox example (not stored)' });
    expect(within(card).getByText('You fooled the model!')).toBeDefined();
    expect(within(card).getByText('positive (98.65%)')).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Retract' })).toBeNull();

    const predict = callsTo(fetchMock, 'POST /api/models/12/predict')[0];
    expect(predict?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(predict?.body).toEqual({ context: 'Mondays at the office.', statement: SARCASM });
    expect(callsTo(fetchMock, 'GET /api/authenticate/get_trial_token')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/examples/evaluate')[0]?.body).toEqual({
      tid: 7,
      target: { label: 'negative' },
      output: { label: 'positive', prob: sentimentAnswer.prob },
    });
    expect(callsTo(fetchMock, 'POST /api/examples')).toHaveLength(0);
  });

  it('stores nothing for a logged-in user who turned Live Mode off', async () => {
    const fetchMock = await openLoggedIn();
    const live = await screen.findByRole('switch', { name: 'Live Mode' });
    expect((live as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Sandbox mode: your examples are not stored')).toBeNull();

    fireEvent.click(live);
    expect(screen.getByText('Sandbox mode: your examples are not stored')).toBeDefined();
    await submitSarcasm();
    await screen.findByRole('article', { name: 'Sandbox example (not stored)' });

    expect(callsTo(fetchMock, 'POST /api/examples')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET /api/authenticate/get_trial_token')).toHaveLength(0);
  });
});

describe('CreateExamplesPage: live mode', () => {
  it('stores the example with an Idempotency-Key and the model’s signature, then shows the card', async () => {
    const fetchMock = await openLoggedIn();
    await submitSarcasm();
    const card = await screen.findByRole('article', { name: 'Example 55' });
    expect(within(card).getByText('You fooled the model!')).toBeDefined();
    expect(within(card).getByText(SARCASM)).toBeDefined();
    expect(within(card).getByText('negative')).toBeDefined();
    expect(within(card).getByText('positive (98.65%)')).toBeDefined();
    expect(within(card).getByText('New badge: Created a first example')).toBeDefined();

    const [post] = callsTo(fetchMock, 'POST /api/examples');
    expect(post?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(post?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(post?.body).toMatchObject({
      tid: 7,
      rid: 1,
      cid: 3,
      input: { statement: SARCASM, label: 'negative' },
      output: { label: 'positive', prob: sentimentAnswer.prob },
      model_signature: SIGNATURE,
      model_endpoint_name: VADER.endpoint_name,
      metadata: {},
      tag: 'office',
    });
    expect(post?.body).not.toHaveProperty('output.signature');
    expect(post?.body).not.toHaveProperty('output.model_name');
    expect(callsTo(fetchMock, 'POST /api/examples/evaluate')).toHaveLength(0);
    // The inputs are cleared for the next example.
    expect(statementValue()).toBe('');
  });

  it('asks for the notes that match the verdict and saves them with PUT metadata', async () => {
    const fetchMock = await openLoggedIn();
    await submitSarcasm();
    const card = await screen.findByRole('article', { name: 'Example 55' });

    expect(within(card).getByRole('textbox', { name: 'Model explanation' })).toBeDefined();
    expect(within(card).queryByRole('textbox', { name: 'Why the model was right' })).toBeNull();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Example explanation' }), {
      target: { value: 'Sarcasm: the praise is ironic.' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save notes' }));
    expect(await within(card).findByText('Saved.')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/examples/55')[0]?.body).toEqual({
      metadata: { example_explanation: 'Sarcasm: the praise is ironic.' },
    });
  });

  it('retracts and flags a stored example after a confirmation', async () => {
    const fetchMock = await openLoggedIn();
    await submitSarcasm();
    const card = await screen.findByRole('article', { name: 'Example 55' });

    fireEvent.click(within(card).getByRole('button', { name: 'Flag' }));
    let dialog = await screen.findByRole('dialog', { name: 'Flag example' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await within(card).findByText('Flagged')).toBeDefined();

    fireEvent.click(within(card).getByRole('button', { name: 'Retract' }));
    dialog = await screen.findByRole('dialog', { name: 'Retract example' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retract' }));
    expect(await within(card).findByText('Retracted')).toBeDefined();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Retract' })).toBeNull());

    expect(callsTo(fetchMock, 'PUT /api/examples/55').map((r) => r.body)).toEqual([
      { flagged: true },
      { retracted: true },
    ]);
  });

  it('says when the model got it right', async () => {
    await openLoggedIn(sentimentTask(), {
      'POST /api/examples': () =>
        jsonResponse({ success: 'ok', id: 56, model_wrong: false, badges: null }),
    });
    await submitSarcasm();

    const card = await screen.findByRole('article', { name: 'Example 56' });
    expect(within(card).getByText('The model got it right')).toBeDefined();
    expect(within(card).getByRole('textbox', { name: 'Why the model was right' })).toBeDefined();
    expect(within(card).queryByRole('textbox', { name: 'Model explanation' })).toBeNull();
  });

  it('retries a submission lost on the network with the same Idempotency-Key', async () => {
    let attempts = 0;
    const fetchMock = await openLoggedIn(sentimentTask(), {
      'POST /api/examples': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({ success: 'ok', id: 55, model_wrong: true, badges: null });
      },
    });
    await submitSarcasm();

    await screen.findByRole('article', { name: 'Example 55' }, { timeout: 3000 });
    const posts = callsTo(fetchMock, 'POST /api/examples');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers.get('Idempotency-Key')).toBe(posts[0]?.headers.get('Idempotency-Key'));
    expect(posts[1]?.body).toEqual(posts[0]?.body);
  });

  it('shows the server’s field problems and keeps the input', async () => {
    await openLoggedIn(sentimentTask(), {
      'POST /api/examples': () =>
        jsonResponse(
          {
            status_code: 400,
            error: 'label must be one of negative, positive, neutral',
            code: 'validation_failed',
            details: [
              { path: 'body.input.label', message: 'must be one of negative, positive, neutral' },
            ],
          },
          400,
        ),
    });
    await submitSarcasm();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The example was not stored')).toBeDefined();
    expect(
      within(alert).getByText('label: must be one of negative, positive, neutral'),
    ).toBeDefined();
    expect(statementValue()).toBe(SARCASM);
  });

  it('submits with Ctrl+Enter and keeps the input when asked to in Create Settings', async () => {
    const fetchMock = await openLoggedIn();

    fireEvent.click(screen.getByRole('button', { name: 'Create Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Settings' });
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Do you want to retain your input for the same context?',
      }),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await writeSarcasm();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Statement' }), {
      key: 'Enter',
      ctrlKey: true,
    });
    await screen.findByRole('article', { name: 'Example 55' });
    expect(callsTo(fetchMock, 'POST /api/examples')).toHaveLength(1);
    expect(statementValue()).toBe(SARCASM);
    expect((screen.getByRole('combobox', { name: 'Label' }) as HTMLSelectElement).value).toBe(
      'negative',
    );
  });

  it('asks for every field before calling the model', async () => {
    const fetchMock = await openLoggedIn();
    await screen.findByText('Mondays at the office.');

    fireEvent.click(submitButton());
    expect(await screen.findByText('Choose a label')).toBeDefined();
    expect(screen.getByText('Required')).toBeDefined();
    expect(callsTo(fetchMock, 'POST /api/models/12/predict')).toHaveLength(0);
  });
});

describe('CreateExamplesPage: the model fails', () => {
  it('reports a model that does not answer within 10 seconds and stores nothing', async () => {
    const fetchMock = await openLoggedIn(sentimentTask(), {
      'POST /api/models/12/predict': ({ method }) =>
        new Promise<Response>((_, reject) => {
          const signal = fetchMock.mock.calls.at(-1)?.[1]?.signal;
          signal?.addEventListener('abort', () =>
            reject(new DOMException(`${method} aborted`, 'AbortError')),
          );
        }),
    });
    await writeSarcasm();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/models/12/predict')).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The model did not answer properly')).toBeDefined();
    expect(alert.textContent).toContain('no answer within 10 seconds');
    expect(callsTo(fetchMock, 'POST /api/examples')).toHaveLength(0);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('reports an answer without the output fields and stores nothing', async () => {
    const fetchMock = await openLoggedIn(sentimentTask(), {
      'POST /api/models/12/predict': () => jsonResponse({ verdict: 'nice', signature: SIGNATURE }),
    });
    await submitSarcasm();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The model did not answer properly')).toBeDefined();
    expect(alert.textContent).toContain('Its answer lacks label, prob.');
    expect(callsTo(fetchMock, 'POST /api/examples')).toHaveLength(0);
  });
});

describe('CreateExamplesPage: question answering', () => {
  function selectInPassage(text: string) {
    const passage = screen.getByRole('textbox', { name: /^Context: select your answer/ });
    const node = passage.firstChild as Text;
    const start = QA_PASSAGE.indexOf(text);
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + text.length);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return passage;
  }

  it('takes the answer from a selection in the passage and highlights it', async () => {
    const fetchMock = await openLoggedIn(qaTask(), {
      [`GET /api/tasks/9/models_in_the_loop`]: () =>
        jsonResponse([{ ...VADER, id: 13, light_model: '/api/models/13/predict' }]),
      'POST /api/models/13/predict': () =>
        jsonResponse({ answer: 'in 1903', conf: 0.42, model_name: 'qa', signature: SIGNATURE }),
      'POST /api/examples': () =>
        jsonResponse({ success: 'ok', id: 57, model_wrong: true, badges: null }),
    });
    expect(await screen.findByText('Passages may mention historical violence.')).toBeDefined();

    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), {
      target: { value: 'What did the tower celebrate?' },
    });
    const passage = selectInPassage(" the town's first electricity station");
    fireEvent.mouseUp(passage);

    const answer = screen.getByRole('textbox', { name: 'Answer' }) as HTMLInputElement;
    await waitFor(() => expect(answer.value).toBe("the town's first electricity station"));
    expect(answer.readOnly).toBe(true);
    expect(passage.querySelector('mark')?.textContent).toBe("the town's first electricity station");

    // The keyboard way: select, then "Use selection".
    selectInPassage('in 1903');
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await waitFor(() => expect(answer.value).toBe('in 1903'));

    fireEvent.click(submitButton());
    const card = await screen.findByRole('article', { name: 'Example 57' });
    expect(within(card).getByText('in 1903 (42.00%)')).toBeDefined();
    expect(callsTo(fetchMock, 'POST /api/models/13/predict')[0]?.body).toEqual({
      context: QA_PASSAGE,
      question: 'What did the tower celebrate?',
    });
    expect(callsTo(fetchMock, 'POST /api/examples')[0]?.body).toMatchObject({
      input: { question: 'What did the tower celebrate?', answer: 'in 1903' },
    });
  });

  it('asks for a selection when "Use selection" finds none', async () => {
    serve(qaTask(), { [`GET /api/tasks/9/models_in_the_loop`]: () => jsonResponse([]) });
    await openCreate('/tasks/qa/create');
    await screen.findByRole('heading', { name: 'Find examples' });
    window.getSelection()?.removeAllRanges();

    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    expect(await screen.findByText('Select a passage of the text above first.')).toBeDefined();
  });
});

describe('CreateExamplesPage: batch submissions', () => {
  it('lists every bad line with its number and field, and sends nothing', async () => {
    const fetchMock = await openLoggedIn();
    await screen.findByText('Mondays at the office.');

    fireEvent.click(screen.getByRole('button', { name: 'Batch submissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch submissions' });
    upload(
      'bad.jsonl',
      [
        JSON.stringify({ statement: 'Lovely.', label: 'positive' }),
        JSON.stringify({ statement: 'Awful.', label: 'angry' }),
        '{not json',
        '',
        JSON.stringify({ label: 'neutral', mood: 'calm' }),
      ].join('\n'),
    );

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Nothing was sent')).toBeDefined();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'line 2 (label): must be one of negative, positive, neutral',
      'line 3: is not valid JSON',
      'line 5 (statement): is required',
      'line 5 (mood): is not an input field of this task',
    ]);
    expect(
      (within(dialog).getByRole('button', { name: 'Submit all' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/models/12/predict')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /api/examples')).toHaveLength(0);
  });

  it('sends each line through the model and stores it, with progress', async () => {
    let id = 60;
    const fetchMock = await openLoggedIn(sentimentTask(), {
      'POST /api/examples': () => {
        id += 1;
        return jsonResponse({ success: 'ok', id, model_wrong: false, badges: null });
      },
    });
    await screen.findByText('Mondays at the office.');

    fireEvent.click(screen.getByRole('button', { name: 'Batch submissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch submissions' });
    upload(
      'good.jsonl',
      `${JSON.stringify({ statement: 'Lovely.', label: 'positive' })}\n${JSON.stringify({ statement: 'Awful.', label: 'negative' })}\n`,
    );
    expect(await within(dialog).findByText('2 examples are ready.')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit all' }));

    expect(await within(dialog).findByText('2 / 2 submitted')).toBeDefined();
    const posts = callsTo(fetchMock, 'POST /api/examples');
    expect(posts.map((p) => (p.body as { input: unknown }).input)).toEqual([
      { statement: 'Lovely.', label: 'positive' },
      { statement: 'Awful.', label: 'negative' },
    ]);
    expect(new Set(posts.map((p) => p.headers.get('Idempotency-Key'))).size).toBe(2);
    expect(screen.getByRole('article', { name: 'Example 61' })).toBeDefined();
    expect(screen.getByRole('article', { name: 'Example 62' })).toBeDefined();
  });
});

describe('CreateExamplesPage: contexts', () => {
  it('switches to the next context and clears the input', async () => {
    let draws = 0;
    const fetchMock = serve(sentimentTask(), {
      'GET /api/contexts/sentiment/1/min': () => {
        draws += 1;
        return jsonResponse({
          id: draws,
          r_realid: 1,
          context: { context: draws === 1 ? 'First context.' : 'Second context.' },
          tag: null,
          metadata: {},
        });
      },
    });
    await openCreate();
    await screen.findByText('First context.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Statement' }), {
      target: { value: 'Draft' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Switch to next context' }));
    expect(await screen.findByText('Second context.')).toBeDefined();
    expect(statementValue()).toBe('');
    expect(callsTo(fetchMock, 'GET /api/contexts/sentiment/1/min')).toHaveLength(2);
  });

  it('says so when the round has no contexts', async () => {
    serve(sentimentTask(), {
      'GET /api/contexts/sentiment/1/min': () =>
        jsonResponse(
          { status_code: 404, error: 'Context: no contexts available (1)', code: 'not_found' },
          404,
        ),
    });
    await openCreate();

    expect(await screen.findByText('No contexts available')).toBeDefined();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
