import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces global fetch with a mock answering through `handler`; returns the mock. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(input instanceof Request ? input.url : String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch mock that answers each path from a table (`/api` prefix included); others get 404. */
export function mockApi(table: Record<string, () => Response>) {
  return mockFetch((url) => {
    const answer = table[new URL(url, 'http://localhost').pathname];
    if (answer) return answer();
    return jsonResponse({ status_code: 404, error: 'Not found', code: 'not_found' }, 404);
  });
}
