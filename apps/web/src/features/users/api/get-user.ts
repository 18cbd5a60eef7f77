import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../auth/api/keys';

/** GET /users/:id: every field for oneself, the public ones for others. */
export function getUser(id: number, signal?: AbortSignal) {
  return callApi('user', { params: { id }, signal });
}

/** The current user is `getUserQueryOptions(own id)`, shared by the navbar and pages. */
export function getUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}
