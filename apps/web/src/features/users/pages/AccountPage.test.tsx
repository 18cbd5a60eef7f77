import { MESSAGES, type NotificationItem, type TaskProposal } from '@dynaloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../lib/auth';
import { logInAs, makeToken, makeUser, paged } from '../../../test/auth';
import { callsTo, jsonResponse, type MockRequest, mockRoutes } from '../../../test/fetch';
import { field, fieldErrorText, fill } from '../../../test/form';
import { renderApp } from '../../../test/render';

type Handler = (request: MockRequest) => Response;
type UserOverrides = Parameters<typeof makeUser>[0];

const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A logged-in user and a server answering every call of the account page. */
function setup(overrides: UserOverrides = {}, routes: Record<string, Handler> = {}) {
  const user = makeUser({ id: 1, username: 'alice', ...overrides });
  logInAs(user);
  const fetchMock = mockRoutes({
    'GET /api/users/1': () => jsonResponse(user),
    'GET /api/users/1/badges': () => jsonResponse({ ...user, badges: [] }),
    'GET /api/users/1/models': () => jsonResponse(paged([])),
    'GET /api/users/1/tasks': () => jsonResponse(paged([])),
    'GET /api/users/1/forks': () => jsonResponse(paged([])),
    'GET /api/users/1/snapshots': () => jsonResponse(paged([])),
    'GET /api/notifications': () => jsonResponse(paged([])),
    'PUT /api/notifications/seen': () => jsonResponse({ success: 'ok' }),
    'GET /api/task_proposals/user/0/5': () => jsonResponse(paged([])),
    'GET /api/task_proposals/all/0/5': () => jsonResponse(paged([])),
    ...routes,
  });
  return { user, fetchMock };
}

async function openAccount(path = '/account') {
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Your account' });
  return result;
}

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

function selectedTab() {
  return screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')
    ?.textContent;
}

function proposal(overrides: Partial<TaskProposal> = {}): TaskProposal {
  return {
    id: 1,
    uid: 1,
    username: 'alice',
    name: 'Sarcasm detection',
    task_code: 'sarcasm',
    desc: 'Is this sentence sarcastic?',
    longdesc: '',
    status: 'pending',
    changes: null,
    created_at: ago(2 * HOUR),
    ...overrides,
  };
}

describe('AccountPage: access and tabs', () => {
  it('sends visitors to the login page with "Please login first." and src=/account#profile', async () => {
    mockRoutes({});
    const { router } = renderApp('/account#notifications');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      '?msg=Please%20login%20first.&src=/account%23profile',
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('msg')).toBe(MESSAGES.pleaseLoginFirst);
    expect(params.get('src')).toBe('/account#profile');
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.pleaseLoginFirst);
  });

  it('opens on #profile by default, with its title', async () => {
    setup();
    await openAccount();

    expect(selectedTab()).toBe('Profile');
    expect(document.title).toBe('Account · Dynaloop');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Notifications',
      'Stats & Badges',
      'Models',
      'Forks & Snapshots',
      'Tasks',
    ]);
  });

  it('moves the hash with the tabs and the tabs with the hash', async () => {
    setup();
    const { router } = await openAccount('/account#stats');
    expect(selectedTab()).toBe('Stats & Badges');

    fireEvent.click(tab('Models'));
    await waitFor(() => expect(router.state.location.hash).toBe('#models'));
    expect(selectedTab()).toBe('Models');
    expect(router.state.location.pathname).toBe('/account');

    await router.navigate('/account#forks-and-snapshots');
    await waitFor(() => expect(selectedTab()).toBe('Forks & Snapshots'));

    await router.navigate('/account#no-such-tab');
    await waitFor(() => expect(selectedTab()).toBe('Profile'));

    await router.navigate('/account#%E0%A4%A');
    await waitFor(() => expect(selectedTab()).toBe('Profile'));
  });

  it('can be walked with the arrow keys', async () => {
    setup();
    const { router } = await openAccount('/account#profile');

    tab('Profile').focus();
    fireEvent.keyDown(tab('Profile'), { key: 'ArrowRight' });

    await waitFor(() => expect(router.state.location.hash).toBe('#notifications'));
    expect(document.activeElement).toBe(tab('Notifications'));
  });

  it('hides the admin tab from users who are not admins, even when the hash names it', async () => {
    const { fetchMock } = setup({ admin: false });
    await openAccount('/account#admin_task_proposals');

    expect(screen.queryByRole('tab', { name: 'Task proposals' })).toBeNull();
    expect(selectedTab()).toBe('Profile');
    expect(callsTo(fetchMock, 'GET /api/task_proposals/all/0/5')).toHaveLength(0);
  });

  it('shows admins every proposal in the admin tab', async () => {
    const { fetchMock } = setup(
      { admin: true },
      {
        'GET /api/task_proposals/all/0/5': () =>
          jsonResponse(paged([proposal({ username: 'bob', name: 'Irony' })], 1)),
      },
    );
    await openAccount('/account#admin_task_proposals');

    expect(selectedTab()).toBe('Task proposals');
    expect(await screen.findByText('Irony')).toBeDefined();
    expect(screen.getByText(/Proposed by bob/)).toBeDefined();
    expect(
      callsTo(fetchMock, 'GET /api/task_proposals/all/0/5')[0]?.headers.get('Authorization'),
    ).toMatch(/^Bearer /);
  });
});

describe('AccountPage: #profile', () => {
  it('shows the email read-only and the Save button only once a field changed', async () => {
    setup({ realname: 'Alice Liddell', affiliation: 'Example University' });
    await openAccount();

    expect(field('Email').readOnly).toBe(true);
    expect(field('Email').value).toBe('alice@example.com');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fill('Affiliation', 'Wonderland Institute');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDefined();

    fill('Affiliation', 'Example University');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves only what changed, then hides Save and shows the new values', async () => {
    let user = makeUser({ id: 1, realname: 'Alice Liddell', affiliation: 'Example University' });
    const { fetchMock } = setup(user, {
      'GET /api/users/1': () => jsonResponse(user),
      'PUT /api/users/1': (request) => {
        user = { ...user, ...(request.body as object) };
        return jsonResponse(user);
      },
    });
    await openAccount();

    fill('Real name', 'Alice L.');
    fill('Affiliation', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your profile was saved.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('Real name').value).toBe('Alice L.');
    expect(field('Affiliation').value).toBe('');
    expect(callsTo(fetchMock, 'PUT /api/users/1')[0]?.body).toEqual({
      realname: 'Alice L.',
      affiliation: null,
    });
  });

  it('says "Profile could not be updated (…)" with the server’s error', async () => {
    setup(
      {},
      {
        'PUT /api/users/1': () =>
          jsonResponse(
            { status_code: 409, error: 'Username already exists', code: 'conflict' },
            409,
          ),
      },
    );
    await openAccount();

    fill('Username', 'bob');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      MESSAGES.profileUpdateFailed('Username already exists'),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDefined();
  });

  it('requires a username', async () => {
    const { fetchMock } = setup();
    await openAccount();

    fill('Username', '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(fieldErrorText('Username')).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, 'PUT /api/users/1')).toHaveLength(0);
  });

  function fileInput(): HTMLInputElement {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  }

  it.each(['avatar.gif', 'avatar.png.exe', 'avatar', 'avatar.webp'])(
    'refuses %s with "*Upload a valid file" and uploads nothing',
    async (name) => {
      const { fetchMock } = setup();
      await openAccount();

      fireEvent.change(fileInput(), { target: { files: [new File(['x'], name)] } });

      expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidAvatar);
      expect(callsTo(fetchMock, 'POST /api/users/1/avatar/upload')).toHaveLength(0);
    },
  );

  it.each(['me.jpg', 'me.JPEG', 'me.Png'])('uploads %s and shows the new avatar', async (name) => {
    let user = makeUser({ id: 1, avatar_url: null });
    const { fetchMock } = setup(user, {
      'GET /api/users/1': () => jsonResponse(user),
      'POST /api/users/1/avatar/upload': () => {
        user = { ...user, avatar_url: '/api/avatars/new.png' };
        return jsonResponse({ avatar_url: '/api/avatars/new.png' });
      },
    });
    await openAccount();
    const file = new File(['png'], name, { type: 'image/png' });

    fireEvent.change(fileInput(), { target: { files: [file] } });

    const avatar = await screen.findByRole('img', { name: 'Avatar of alice' });
    expect(avatar.getAttribute('src')).toBe('/api/avatars/new.png');
    const [upload] = callsTo(fetchMock, 'POST /api/users/1/avatar/upload');
    expect((upload?.body as FormData).get('file')).toBe(file);
    expect(screen.queryByText(MESSAGES.invalidAvatar)).toBeNull();
  });

  it('deletes the account with the password, then logs out and goes home', async () => {
    const { fetchMock } = setup(
      {},
      {
        'DELETE /api/users/1': () => jsonResponse({ success: 'ok' }),
        'POST /api/authenticate/logout': () => jsonResponse({ success: 'ok' }),
        'GET /api/task/get_active_tasks_with_round_info': () => jsonResponse([]),
      },
    );
    const { router } = await openAccount();

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(dialog.textContent).toContain(
      'The examples, validations and models you submitted are kept',
    );
    expect(dialog.textContent).toContain('Your identity is removed');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(fieldErrorText('Password', dialog)).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, 'DELETE /api/users/1')).toHaveLength(0);

    fill('Password', 'my password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'DELETE /api/users/1')[0]?.body).toEqual({ password: 'my password' });
    expect(callsTo(fetchMock, 'POST /api/authenticate/logout')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps the dialog open with the server’s error when the password is wrong', async () => {
    setup(
      {},
      {
        'DELETE /api/users/1': () =>
          jsonResponse({ status_code: 401, error: 'Wrong password', code: 'unauthorized' }, 401),
      },
    );
    await openAccount();

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    fill('Password', 'nope', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Wrong password');
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
  });
});

describe('AccountPage: #notifications', () => {
  function notification(overrides: Partial<NotificationItem>): NotificationItem {
    return { id: 1, type: 'WELCOME', message: '', created: ago(HOUR), seen: false, ...overrides };
  }

  it('shows the notifications, marks them seen once and clears the navbar badge', async () => {
    let unseen = 2;
    const { fetchMock } = setup(
      {},
      {
        'GET /api/users/1': () => jsonResponse(makeUser({ id: 1, unseen_notifications: unseen })),
        'GET /api/notifications': () =>
          jsonResponse(
            paged([
              notification({ id: 2, type: 'NEW_BADGE_EARNED', message: 'FIRST_CREATED' }),
              notification({
                id: 1,
                type: 'WELCOME',
                message: 'Welcome to Dynaloop!',
                created: ago(3 * 24 * HOUR),
              }),
            ]),
          ),
        'PUT /api/notifications/seen': () => {
          unseen = 0;
          return jsonResponse({ success: 'ok' });
        },
      },
    );
    renderApp('/account#notifications');
    const banner = screen.getByRole('banner');
    await within(banner).findByRole('button', { name: /2 unseen notifications/ });

    expect(
      await screen.findByText('You earned a new badge: Created a first example'),
    ).toBeDefined();
    expect(screen.getByText('Welcome to Dynaloop!')).toBeDefined();
    expect(screen.getByText('3 days ago')).toBeDefined();
    expect(screen.getByText('1 hour ago')).toBeDefined();

    await within(banner).findByRole('button', { name: 'alice: account menu' });
    expect(banner.querySelector('.mantine-Indicator-indicator')).toBeNull();
    expect(callsTo(fetchMock, 'PUT /api/notifications/seen')).toHaveLength(1);
    const [list] = callsTo(fetchMock, 'GET /api/notifications');
    expect(list?.url.searchParams.get('limit')).toBe('10');
    expect(list?.url.searchParams.get('offset')).toBe('0');
  });

  it('says "No notifications found"', async () => {
    setup();
    await openAccount('/account#notifications');

    expect(await screen.findByText(MESSAGES.noNotificationsFound)).toBeDefined();
  });

  it('pages 10 at a time; offset is the page index', async () => {
    const { fetchMock } = setup(
      {},
      {
        'GET /api/notifications': (request) => {
          const page = Number(request.url.searchParams.get('offset'));
          return jsonResponse(
            paged([notification({ id: page + 1, message: `Page ${String(page + 1)} item` })], 25),
          );
        },
      },
    );
    await openAccount('/account#notifications');
    await screen.findByText('Page 1 item');

    const pages = screen.getByRole('navigation', { name: 'Notification pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));

    expect(await screen.findByText('Page 3 item')).toBeDefined();
    expect(
      callsTo(fetchMock, 'GET /api/notifications').map((r) => r.url.searchParams.get('offset')),
    ).toEqual(['0', '2']);
    expect(callsTo(fetchMock, 'PUT /api/notifications/seen')).toHaveLength(1);
  });
});

describe('AccountPage: #stats', () => {
  it('shows the counters and the model error rates with 2 decimals', async () => {
    setup({
      examples_submitted: 8,
      examples_verified: 5,
      total_fooled: 3,
      total_verified_fooled: 2,
      total_verified_not_correct_fooled: 1,
      total_retracted: 1,
      models_submitted: 4,
    });
    await openAccount('/account#stats');
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;

    expect(value('Examples submitted')).toBe('8');
    expect(value('Examples verified')).toBe('5');
    expect(value('Fooled')).toBe('3');
    expect(value('Verified fooled')).toBe('2');
    expect(value('Verified not correct')).toBe('1');
    expect(value('Retracted')).toBe('1');
    expect(value('Models submitted')).toBe('4');
    expect(value('Model error rate (unverified)')).toBe('37.50%');
    expect(value('Model error rate (verified)')).toBe('25.00%');
  });

  it('shows 0.00% and N/A when nothing was submitted, and "No data found" without badges', async () => {
    setup();
    await openAccount('/account#stats');
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;

    expect(value('Model error rate (unverified)')).toBe('0.00%');
    expect(value('Model error rate (verified)')).toBe('N/A');
    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(await within(badges).findByText(MESSAGES.noDataFound)).toBeDefined();
  });

  it('names known badges and says "Unknown badge" for the others', async () => {
    const user = makeUser({ id: 1 });
    setup(user, {
      'GET /api/users/1/badges': () =>
        jsonResponse({
          ...user,
          badges: [
            { name: 'WELCOME_NOOB', awarded: ago(HOUR) },
            { name: 'SOMETHING_NEW', awarded: ago(HOUR) },
          ],
        }),
    });
    await openAccount('/account#stats');
    const badges = screen.getByRole('region', { name: 'Badges' });

    expect(await within(badges).findByText('Welcome aboard!')).toBeDefined();
    expect(within(badges).getByText('Unknown badge')).toBeDefined();
  });
});

describe('AccountPage: #models, #forks-and-snapshots, #tasks', () => {
  it('lists models with name, task and publication status, each linking to its page', async () => {
    const { fetchMock } = setup(
      {},
      {
        'GET /api/users/1/models': () =>
          jsonResponse(
            paged([
              {
                id: 7,
                name: 'roberta-nli',
                is_published: true,
                task: { id: 1, task_code: 'nli', name: 'NLI' },
              },
              {
                id: 8,
                name: 'draft',
                is_published: false,
                task: { id: 1, task_code: 'nli', name: 'NLI' },
              },
            ]),
          ),
      },
    );
    await openAccount('/account#models');

    const table = await screen.findByRole('table', { name: 'Models' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Task', 'Publication Status'],
      ['roberta-nli', 'NLI', 'Published'],
      ['draft', 'NLI', 'Unpublished'],
    ]);
    expect(within(table).getByRole('link', { name: 'roberta-nli' }).getAttribute('href')).toBe(
      '/models/7',
    );
    const [request] = callsTo(fetchMock, 'GET /api/users/1/models');
    expect(request?.url.search).toBe('?limit=10&offset=0');
  });

  it('says "No data found" without models', async () => {
    setup();
    await openAccount('/account#models');
    expect(await screen.findByText(MESSAGES.noDataFound)).toBeDefined();
  });

  it('lists forks and snapshots, 5 a page, linking to their leaderboards', async () => {
    const { fetchMock } = setup(
      {},
      {
        'GET /api/users/1/forks': () =>
          jsonResponse(
            paged([
              {
                name: 'my fork/1',
                desc: null,
                create_datetime: ago(HOUR),
                tid: 1,
                task: { task_code: 'nli' },
              },
            ]),
          ),
      },
    );
    await openAccount('/account#forks-and-snapshots');

    const forks = screen.getByRole('region', { name: 'Forks' });
    const link = await within(forks).findByRole('link', { name: 'my fork/1' });
    expect(link.getAttribute('href')).toBe('/tasks/nli/my%20fork%2F1');
    const snapshots = screen.getByRole('region', { name: 'Snapshots' });
    expect(await within(snapshots).findByText(MESSAGES.noDataFound)).toBeDefined();
    expect(callsTo(fetchMock, 'GET /api/users/1/forks')[0]?.url.search).toBe('?limit=5&offset=0');
    expect(callsTo(fetchMock, 'GET /api/users/1/snapshots')[0]?.url.search).toBe(
      '?limit=5&offset=0',
    );
  });

  it('lists one’s tasks and proposals with their status and the requested changes', async () => {
    setup(
      {},
      {
        'GET /api/users/1/tasks': () =>
          jsonResponse(
            paged([
              { id: 3, task_code: 'qa', name: 'Question Answering', desc: 'Ask.', active: true },
            ]),
          ),
        'GET /api/task_proposals/user/0/5': () =>
          jsonResponse(
            paged([
              proposal({
                id: 1,
                name: 'Irony',
                status: 'rejected',
                changes: 'Describe the labels.',
              }),
              proposal({ id: 2, name: 'Humour', status: 'accepted' }),
            ]),
          ),
      },
    );
    await openAccount('/account#tasks');

    const tasks = screen.getByRole('region', { name: 'Your Tasks' });
    expect(
      (await within(tasks).findByRole('link', { name: 'Question Answering' })).getAttribute('href'),
    ).toBe('/tasks/qa');
    const proposals = screen.getByRole('region', { name: 'Your Proposals' });
    expect(await within(proposals).findByText('Irony')).toBeDefined();
    expect(within(proposals).getByText('Rejected')).toBeDefined();
    expect(within(proposals).getByText('Accepted')).toBeDefined();
    expect(within(proposals).getByText('Describe the labels.')).toBeDefined();
    expect(
      within(tasks)
        .getByRole('link', { name: 'Owner console of Question Answering' })
        .getAttribute('href'),
    ).toBe('/task-owner-interface/qa');
  });
});

describe('AccountPage: proposing a task', () => {
  const FIELDS = ['Name', 'Task code', 'Short description', 'Long description'] as const;
  const VALUES = {
    Name: 'Sarcasm detection',
    'Task code': 'sarcasm',
    'Short description': 'Is this sentence sarcastic?',
    'Long description': 'Annotators write sarcastic sentences the model misses.',
  };

  function proposalForm() {
    return screen.getByRole('form', { name: 'Propose new task' });
  }

  function submitButton() {
    return within(proposalForm()).queryByRole('button', { name: 'Submit' });
  }

  it('shows Submit only once all four fields are filled', async () => {
    setup();
    await openAccount('/account#tasks');
    const form = proposalForm();

    expect(submitButton()).toBeNull();
    for (const [index, label] of FIELDS.entries()) {
      fill(label, VALUES[label], form);
      expect(submitButton() === null).toBe(index < FIELDS.length - 1);
    }
    fill('Short description', '   ', form);
    expect(submitButton()).toBeNull();
    fill('Short description', VALUES['Short description'], form);
    expect(submitButton()).not.toBeNull();
  });

  it('sends the proposal and lists it under Your Proposals', async () => {
    let own: TaskProposal[] = [];
    const { fetchMock } = setup(
      {},
      {
        'GET /api/task_proposals/user/0/5': () => jsonResponse(paged(own)),
        'POST /api/task_proposals/create': (request) => {
          const created = proposal({ id: 9, ...(request.body as object) });
          own = [created];
          return jsonResponse(created);
        },
      },
    );
    await openAccount('/account#tasks');
    const form = proposalForm();
    for (const label of FIELDS) fill(label, VALUES[label], form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    const proposals = screen.getByRole('region', { name: 'Your Proposals' });
    expect(await within(proposals).findByText('Sarcasm detection')).toBeDefined();
    expect(callsTo(fetchMock, 'POST /api/task_proposals/create')[0]?.body).toEqual({
      name: 'Sarcasm detection',
      task_code: 'sarcasm',
      desc: 'Is this sentence sarcastic?',
      longdesc: 'Annotators write sarcastic sentences the model misses.',
    });
    expect(
      callsTo(fetchMock, 'POST /api/task_proposals/create')[0]?.headers.get('Authorization'),
    ).toMatch(/^Bearer /);
    expect(field('Name', form).value).toBe('');
    expect(within(form).getByRole('status').textContent).toContain('Sarcasm detection');
  });

  it('says "Profile could not be updated (…)" when the server refuses the proposal', async () => {
    setup(
      {},
      {
        'POST /api/task_proposals/create': () =>
          jsonResponse(
            {
              status_code: 409,
              error: 'A task with this task code already exists',
              code: 'conflict',
            },
            409,
          ),
      },
    );
    await openAccount('/account#tasks');
    const form = proposalForm();
    for (const label of FIELDS) fill(label, VALUES[label], form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Profile could not be updated (A task with this task code already exists)',
    );
    expect(within(form).getByRole('alert').textContent).toBe(
      MESSAGES.profileUpdateFailed('A task with this task code already exists'),
    );
  });

  it('checks the task code before sending', async () => {
    const { fetchMock } = setup();
    await openAccount('/account#tasks');
    const form = proposalForm();
    for (const label of FIELDS) fill(label, VALUES[label], form);
    fill('Task code', 'no spaces please', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(fieldErrorText('Task code', form)).toBe('Task codes use letters, digits, _ and - only');
    expect(callsTo(fetchMock, 'POST /api/task_proposals/create')).toHaveLength(0);
  });
});

describe('AccountPage: processing proposals (admins)', () => {
  function adminSetup(process: Handler) {
    let pending = [
      proposal({ id: 3, username: 'bob', name: 'Irony', status: 'pending' }),
      proposal({ id: 2, username: 'carol', name: 'Humour', status: 'accepted' }),
    ];
    const result = setup(
      { admin: true },
      {
        'GET /api/task_proposals/all/0/5': () => jsonResponse(paged(pending)),
        'PUT /api/tasks/process_proposal/3': (request) => {
          const body = request.body as { accept: boolean; changes: string | null };
          pending = pending.map((p) =>
            p.id === 3
              ? { ...p, status: body.accept ? 'accepted' : 'rejected', changes: body.changes }
              : p,
          );
          return process(request);
        },
      },
    );
    return result;
  }

  it('offers Accept and Reject on pending proposals only, and accepts', async () => {
    const { fetchMock } = adminSetup(() => jsonResponse({ success: 'ok' }));
    await openAccount('/account#admin_task_proposals');

    expect(await screen.findByRole('button', { name: 'Accept Irony' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Accept Humour' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Humour' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Accept Irony' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept Irony' })).toBeNull());
    expect(callsTo(fetchMock, 'PUT /api/tasks/process_proposal/3')[0]?.body).toEqual({
      accept: true,
      changes: null,
    });
    expect(callsTo(fetchMock, 'GET /api/task_proposals/all/0/5').length).toBeGreaterThan(1);
  });

  it('rejects only with the requested changes', async () => {
    const { fetchMock } = adminSetup(() => jsonResponse({ success: 'ok' }));
    await openAccount('/account#admin_task_proposals');

    fireEvent.click(await screen.findByRole('button', { name: 'Reject Irony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Irony”' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject proposal' }));
    expect(fieldErrorText('Requested changes', dialog)).toBe(MESSAGES.required);
    expect(callsTo(fetchMock, 'PUT /api/tasks/process_proposal/3')).toHaveLength(0);

    fill('Requested changes', 'Describe the labels.', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject proposal' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'PUT /api/tasks/process_proposal/3')[0]?.body).toEqual({
      accept: false,
      changes: 'Describe the labels.',
    });
    expect(await screen.findByText('Describe the labels.')).toBeDefined();
  });

  it('shows the server’s answer when the proposal was already processed', async () => {
    adminSetup(() =>
      jsonResponse(
        { status_code: 409, error: 'This proposal was already accepted', code: 'conflict' },
        409,
      ),
    );
    await openAccount('/account#admin_task_proposals');

    fireEvent.click(await screen.findByRole('button', { name: 'Accept Irony' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This proposal was already accepted',
    );
  });
});

describe('AccountPage: session renewal', () => {
  it('renews an expired token before loading the account', async () => {
    const user = makeUser({ id: 1 });
    logInAs(user, { expiresIn: -30 });
    const fresh = makeToken({ id: 1, username: 'alice', expiresIn: 900 });
    const fetchMock = mockRoutes({
      'GET /api/authenticate/refresh': () => jsonResponse({ token: fresh }),
      'GET /api/users/1': () => jsonResponse(user),
    });

    await openAccount();

    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(callsTo(fetchMock, 'GET /api/authenticate/refresh')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/users/1')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${fresh}`,
    );
  });

  it('says "Could not refresh token", forgets the token and opens the login page', async () => {
    logInAs(makeUser({ id: 1 }), { expiresIn: -30 });
    const fetchMock = mockRoutes({
      'GET /api/authenticate/refresh': () =>
        jsonResponse({ status_code: 401, error: 'No session', code: 'unauthorized' }, 401),
    });

    const { router } = renderApp('/account#stats');

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.couldNotRefreshToken);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('src')).toBe('/account#stats');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/authenticate/refresh')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeDefined();
    await screen.findByRole('form', { name: 'Log in' });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.couldNotRefreshToken);

    await router.navigate('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Dynaloop' });
    expect(screen.queryByText(MESSAGES.couldNotRefreshToken)).toBeNull();
  });
});
