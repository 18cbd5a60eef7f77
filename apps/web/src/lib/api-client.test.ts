import { describe, expect, it } from 'vitest';
import { logInAs } from '../test/auth';
import { callsTo, jsonResponse, mockRoutes } from '../test/fetch';
import { callApi, callApiForFile, routePath } from './api-client';

const alice = { id: 1, username: 'alice' };

describe('callApi', () => {
  it('fills the path parameters from the route table and sends the token to login routes', async () => {
    const token = logInAs(alice);
    const fetchMock = mockRoutes({
      'GET /api/users/7/badges': () => jsonResponse({ id: 7, username: 'bob', badges: [] }),
    });

    const user = await callApi('userBadges', { params: { id: 7 } });

    expect(user.username).toBe('bob');
    const [request] = callsTo(fetchMock, 'GET /api/users/7/badges');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('sends the query in the order given and leaves out undefined fields', async () => {
    const fetchMock = mockRoutes({
      'GET /api/tasks/3/users': () => jsonResponse({ count: 0, data: [] }),
    });

    await callApi('userLeaderboard', { params: { id: 3 }, query: { limit: 5, offset: 2 } });

    expect(callsTo(fetchMock, 'GET /api/tasks/3/users')[0]?.url.search).toBe('?limit=5&offset=2');
    expect(routePath('exportTask', { id: 3 }, { format: undefined })).toBe('/tasks/3/export');
  });

  it('sends the JSON body and the headers the route declares', async () => {
    logInAs(alice);
    const fetchMock = mockRoutes({
      'POST /api/examples': () =>
        jsonResponse({ success: 'ok', id: 9, model_wrong: true, badges: null }),
    });

    const created = await callApi('createExample', {
      body: { tid: 1, rid: 1, cid: 2, input: { hypothesis: 'x' } },
      headers: { 'idempotency-key': 'key-00000001' },
    });

    expect(created.id).toBe(9);
    const [request] = callsTo(fetchMock, 'POST /api/examples');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Idempotency-Key')).toBe('key-00000001');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ tid: 1, rid: 1, cid: 2, input: { hypothesis: 'x' } });
  });

  it('sends no token to public routes, and to optional ones only when asked', async () => {
    logInAs(alice);
    const fetchMock = mockRoutes({
      'GET /api/platform/settings': () => jsonResponse({ require_invite_code: false }),
      'GET /api/tasks/nli': () => jsonResponse({ id: 1 }),
    });

    await callApi('platformSettings');
    await callApi('task', { params: { task: 'nli' } });
    await callApi('task', { params: { task: 'nli' }, auth: true });

    expect(callsTo(fetchMock, 'GET /api/platform/settings')[0]?.headers.has('Authorization')).toBe(
      false,
    );
    const taskCalls = callsTo(fetchMock, 'GET /api/tasks/nli');
    expect(taskCalls.map((call) => call.headers.has('Authorization'))).toEqual([false, true]);
  });

  it('answers file routes with the raw response', async () => {
    logInAs(alice);
    mockRoutes({
      'GET /api/tasks/4/export': () =>
        new Response('[]', { headers: { 'Content-Disposition': 'attachment; filename="x.json"' } }),
    });

    const response = await callApiForFile('exportTask', { params: { id: 4 } });

    expect(response.headers.get('Content-Disposition')).toContain('x.json');
    await expect(response.text()).resolves.toBe('[]');
  });
});
