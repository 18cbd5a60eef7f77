import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import { userKeys } from '../../auth/api/keys';

export type ForkKind = 'forks' | 'snapshots';

/** GET /users/:id/forks or /users/:id/snapshots: one page (from 1) of one's leaderboard forks. */
export function getUserForks(
  id: number,
  kind: ForkKind,
  page: number,
  size: number,
  signal?: AbortSignal,
) {
  const input = { params: { id }, query: pageQuery(page, size), signal };
  return kind === 'forks' ? callApi('userForks', input) : callApi('userSnapshots', input);
}

export function getUserForksQueryOptions(id: number, kind: ForkKind, page: number, size: number) {
  return queryOptions({
    queryKey: userKeys.list(id, kind, page, size),
    queryFn: ({ signal }) => getUserForks(id, kind, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserForks(id: number, kind: ForkKind, page: number, size: number) {
  return useQuery(getUserForksQueryOptions(id, kind, page, size));
}
