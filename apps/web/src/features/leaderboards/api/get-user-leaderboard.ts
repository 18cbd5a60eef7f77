import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import { leaderboardKeys } from './keys';

/**
 * Contributors ranked by verified fooling examples: overall (GET /tasks/:id/users) or in one
 * round (GET /tasks/:id/rounds/:rid/users), PAGE_SIZES.userLeaderboard a page; `page` from 1
 * (the API's offset is a page index from 0).
 */
export function getUserLeaderboard(
  taskId: number,
  round: number | null,
  page: number,
  signal?: AbortSignal,
) {
  const query = pageQuery(page, PAGE_SIZES.userLeaderboard);
  return round === null
    ? callApi('userLeaderboard', { params: { id: taskId }, query, signal })
    : callApi('roundUserLeaderboard', { params: { id: taskId, rid: round }, query, signal });
}

export function getUserLeaderboardQueryOptions(taskId: number, round: number | null, page: number) {
  return queryOptions({
    queryKey: leaderboardKeys.users(taskId, round, page),
    queryFn: ({ signal }) => getUserLeaderboard(taskId, round, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserLeaderboard(taskId: number, round: number | null, page: number) {
  return useQuery(getUserLeaderboardQueryOptions(taskId, round, page));
}
