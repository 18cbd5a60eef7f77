import { MESSAGES } from '@dynaloop/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch';
import { ApiError, apiRequest, errorMessage } from './api';

describe('apiRequest', () => {
  it('prefixes /api, asks for JSON and resolves with the parsed body', async () => {
    const fetchMock = mockFetch(() => jsonResponse([{ id: 1 }]));

    await expect(apiRequest('/tasks')).resolves.toEqual([{ id: 1 }]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/tasks');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
    expect(init?.method).toBe('GET');
  });

  it('rejects with an ApiError carrying the status and the server error body', async () => {
    const body = { status_code: 404, error: 'Task not found', code: 'not_found', request_id: 'r1' };
    mockFetch(() => jsonResponse(body, 404));

    const error = await apiRequest('/tasks/nope').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.body).toEqual(body);
    expect(apiError.message).toBe('Task not found');
    expect(apiError.code).toBe('not_found');
    expect(apiError.requestId).toBe('r1');
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    mockFetch(
      () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html', 'x-request-id': 'req-7' },
        }),
    );

    const error = (await apiRequest('/tasks').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.message).toBe(MESSAGES.platformProblem);
    expect(error.body.status_code).toBe(502);
    expect(error.requestId).toBe('req-7');
  });

  it('falls back for a 4xx whose JSON body is not an error body', async () => {
    mockFetch(() => jsonResponse({ unexpected: true }, 418));

    const error = (await apiRequest('/tasks').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(418);
    expect(error.message).toBe('The request failed (HTTP 418).');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = (await apiRequest('/tasks').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(errorMessage(error)).toBe(MESSAGES.platformProblem);
  });
});

describe('errorMessage', () => {
  it('uses the server text for API errors and a generic text otherwise', () => {
    const apiError = new ApiError(409, { status_code: 409, error: 'Name taken', code: 'conflict' });
    expect(errorMessage(apiError)).toBe('Name taken');
    expect(errorMessage(new Error('boom'))).toBe(MESSAGES.platformProblem);
  });
});
