import { MESSAGES, type TaskDetail } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, makeUser } from '../../../test/auth';
import { makeExample, QA_PASSAGE, qaTask, sentimentTask } from '../../../test/collection';
import { callsTo, jsonResponse, type MockRequest, mockRoutes } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

type Handler = (request: MockRequest) => Response;

const notFound = () =>
  jsonResponse(
    { status_code: 404, error: 'Example: no more examples to validate', code: 'not_found' },
    404,
  );

/** A server handing out `examples` one after the other, then 404. */
function serve(
  examples = [makeExample()],
  {
    task = sentimentTask(),
    owner = false,
    routes = {},
  }: {
    task?: TaskDetail;
    owner?: boolean;
    routes?: Record<string, Handler>;
  } = {},
) {
  let next = 0;
  return mockRoutes({
    [`GET /api/tasks/${task.task_code}`]: () => jsonResponse(task),
    [`GET /api/tasks/admin_or_owner/${String(task.id)}`]: () =>
      jsonResponse({ admin_or_owner: owner }),
    [`GET /api/examples/${task.task_code}/${String(task.cur_round)}`]: () => {
      const example = examples[next];
      next += 1;
      return example ? jsonResponse(example) : notFound();
    },
    'PUT /api/validations/41': ({ body }) =>
      jsonResponse({ ...makeExample(), verdict: 'pending', badges: null, body }),
    ...routes,
  });
}

async function openValidate(path = '/tasks/sentiment/validate') {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Validate examples' });
  return rendered;
}

function radio(name: string) {
  return screen.getByRole('radio', { name }) as HTMLInputElement;
}

function press(key: string, target: Element = document.body) {
  fireEvent.keyDown(target, { key });
}

describe('ValidateExamplesPage', () => {
  it('sends visitors to the login page with "Please login first." and a return path', async () => {
    mockRoutes({});
    const { router } = renderApp('/tasks/sentiment/validate');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('msg')).toBe(MESSAGES.pleaseLoginFirst);
    expect(params.get('src')).toBe('/tasks/sentiment/validate');
  });

  it('shows the context, the example, the model’s answer and whether it fooled the model', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    serve();
    await openValidate();

    const example = await screen.findByRole('article', { name: 'Example to validate' });
    expect(within(example).getByText('Mondays at the office.')).toBeDefined();
    expect(within(example).getByText('Oh great, another Monday.')).toBeDefined();
    expect(within(example).getByText('Author’s label')).toBeDefined();
    expect(within(example).getByText('negative')).toBeDefined();
    expect(within(example).getByText('positive (80.00%)')).toBeDefined();
    expect(within(example).getByText('The model was fooled')).toBeDefined();
    expect(screen.getByRole('list', { name: 'Keyboard shortcuts' }).textContent).toContain(
      'Skip to the next example',
    );
  });

  it('chooses a label with 1/2/3 or c/i/f, submits with Enter and loads the next example', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    const fetchMock = serve([makeExample(), makeExample({ id: 42 })]);
    await openValidate();
    await screen.findByRole('article', { name: 'Example to validate' });

    press('2');
    expect(radio('Incorrect').checked).toBe(true);
    // The notes the configuration asks for with "incorrect".
    expect(await screen.findByRole('combobox', { name: 'Corrected label' })).toBeDefined();
    press('f');
    expect(radio('Flagged').checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Flag reason' })).toBeDefined();
    // Typing in a text field is text, not a shortcut.
    press('1', screen.getByRole('textbox', { name: 'Flag reason' }));
    expect(radio('Flagged').checked).toBe(true);
    press('c');
    expect(radio('Correct').checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Flag reason' })).toBeNull();

    press('Enter');
    expect(
      await screen.findByText('Thank you: your validation of example 41 was saved.'),
    ).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/validations/41')[0]?.body).toEqual({
      label: 'correct',
      mode: 'user',
      metadata: {},
    });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/examples/sentiment/1')).toHaveLength(2),
    );
    // The next example starts without a label.
    await screen.findByRole('article', { name: 'Example to validate' });
    expect(radio('Correct').checked).toBe(false);
  });

  it('sends the notes of the chosen label', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    const fetchMock = serve();
    await openValidate();
    await screen.findByRole('article', { name: 'Example to validate' });

    fireEvent.click(radio('Flagged'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Flag reason' }), {
      target: { value: 'Not a statement' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thank you: your validation of example 41 was saved.');
    expect(callsTo(fetchMock, 'PUT /api/validations/41')[0]?.body).toEqual({
      label: 'flagged',
      mode: 'user',
      metadata: { flag_reason: 'Not a statement' },
    });
  });

  it('asks for a label before submitting', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    const fetchMock = serve();
    await openValidate();
    await screen.findByRole('article', { name: 'Example to validate' });

    press('Enter');
    expect(await screen.findByText('Choose a label first')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/validations/41')).toHaveLength(0);
  });

  it('skips to the next example with n', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    const fetchMock = serve([
      makeExample(),
      makeExample({ id: 42, input: { statement: 'Second one.', label: 'neutral' } }),
    ]);
    await openValidate();
    await screen.findByText('Oh great, another Monday.');

    press('n');
    expect(await screen.findByText('Second one.')).toBeDefined();
    expect(callsTo(fetchMock, 'PUT /api/validations/41')).toHaveLength(0);
  });

  it('says "No more examples" when the picker answers 404', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    serve([]);
    await openValidate();

    expect(await screen.findByText('No more examples')).toBeDefined();
    expect(screen.queryByRole('radio', { name: 'Correct' })).toBeNull();
  });

  it('hides owner mode from contributors who do not own the task', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    const fetchMock = serve();
    await openValidate();
    await screen.findByRole('article', { name: 'Example to validate' });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/tasks/admin_or_owner/7')).toHaveLength(1),
    );

    expect(screen.queryByRole('switch', { name: 'Owner mode' })).toBeNull();
  });

  it('lets owners validate in owner mode', async () => {
    logInAs(makeUser({ id: 1, username: 'owner' }));
    const fetchMock = serve([makeExample()], { owner: true });
    await openValidate();
    await screen.findByRole('article', { name: 'Example to validate' });

    fireEvent.click(await screen.findByRole('switch', { name: 'Owner mode' }));
    press('3');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thank you: your validation of example 41 was saved.');
    expect(callsTo(fetchMock, 'PUT /api/validations/41')[0]?.body).toMatchObject({
      label: 'flagged',
      mode: 'owner',
    });
  });

  it('shows the content warning and highlights a QA example’s answer in its passage', async () => {
    logInAs(makeUser({ id: 5, username: 'val' }));
    serve(
      [
        makeExample({
          tid: 9,
          input: { question: 'When was it built?', answer: 'in 1903' },
          output: { answer: 'Ravensmoor', conf: 0.3 },
          context: { context: QA_PASSAGE },
        }),
      ],
      { task: qaTask() },
    );
    await openValidate('/tasks/qa/validate');

    expect(await screen.findByText('Passages may mention historical violence.')).toBeDefined();
    const example = await screen.findByRole('article', { name: 'Example to validate' });
    expect(example.querySelector('mark')?.textContent).toBe('in 1903');
    expect(within(example).getByText('Ravensmoor (30.00%)')).toBeDefined();
  });
});
