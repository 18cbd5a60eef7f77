import { type UserLeaderboardRow } from '@dynaloop/contract';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export interface UserLeaderboardPage {
  count: number;
  data: UserLeaderboardRow[];
}

export const leaderboardKeys = {
  all: ['leaderboards'] as const,
  users: (taskId: number, round: number | null, page: number) =>
    [...leaderboardKeys.all, 'users', taskId, round ?? 'overall', page] as const,
};

/**
 * Contributors ranked by verified fooling examples: overall (GET /tasks/:id/users) or in one
 * round (GET /tasks/:id/rounds/:rid/users), PAGE_SIZES.userLeaderboard a page; `page` from 1.
 */
export function useUserLeaderboard(taskId: number, round: number | null, page: number) {
  return useQuery({
    queryKey: leaderboardKeys.users(taskId, round, page),
    queryFn: ({ signal }) => {
      const path =
        round === null
          ? apiPath(endpoints.userLeaderboard.path, { id: taskId })
          : apiPath(endpoints.roundUserLeaderboard.path, { id: taskId, rid: round });
      const query = `limit=${String(PAGE_SIZES.userLeaderboard)}&offset=${String(page - 1)}`;
      return apiGet<UserLeaderboardPage>(`${path}?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
