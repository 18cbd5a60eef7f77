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

/** One request as a route handler of `mockRoutes` sees it. */
export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, the FormData itself, or undefined. */
  body: unknown;
}

type RouteHandler = (request: MockRequest) => Response | Promise<Response>;

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

/**
 * A fetch mock that answers `"METHOD /api/path"` keys (query strings ignored); other requests
 * get a 404 error body. Returns the mock; see `callsTo` to count the requests of one route.
 */
export function mockRoutes(table: Record<string, RouteHandler>) {
  return mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = table[`${method} ${parsed.pathname}`];
    if (!handler) {
      return jsonResponse({ status_code: 404, error: 'Not found', code: 'not_found' }, 404);
    }
    return handler({
      method,
      url: parsed,
      headers: new Headers(init?.headers),
      body: parseBody(init?.body),
    });
  });
}

type FetchMock = ReturnType<typeof mockFetch>;

/** The requests a fetch mock received for `"METHOD /api/path"`, in order. */
export function callsTo(fetchMock: FetchMock, route: string): MockRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      return {
        method: init?.method ?? 'GET',
        url,
        headers: new Headers(init?.headers),
        body: parseBody(init?.body),
      };
    })
    .filter((request) => `${request.method} ${request.url.pathname}` === route);
}
