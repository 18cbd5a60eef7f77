import { callApi } from './api-client';

/**
 * Compile-time checks of the client's typing, never called: `npm run typecheck` fails when a
 * call that does not match its route's schemas is accepted.
 */
export function apiClientTypeChecks(): unknown[] {
  return [
    // @ts-expect-error the route needs its path parameters
    callApi('user'),
    // @ts-expect-error a GET route takes no body
    callApi('tasks', { body: {} }),
    // @ts-expect-error only headers the route declares
    callApi('login', { body: { email: 'a', password: 'b' }, headers: { 'x-any': '1' } }),
    // @ts-expect-error the body must match the route's schema
    callApi('login', { body: { email: 'a' } }),
    // @ts-expect-error path parameters are the route's own
    callApi('user', { params: { task: 1 } }),
    // @ts-expect-error the answer is typed from the response schema
    callApi('platformSettings').then((settings) => settings.no_such_field),
  ];
}
