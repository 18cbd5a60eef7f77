import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../auth/api/keys';

/** GET /users/:id/badges: the user (every field for oneself) with their badges. */
export function getUserWithBadges(id: number, signal?: AbortSignal) {
  return callApi('userBadges', { params: { id }, signal });
}

export function getUserWithBadgesQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.badges(id),
    queryFn: ({ signal }) => getUserWithBadges(id, signal),
  });
}

export function useUserWithBadges(id: number) {
  return useQuery(getUserWithBadgesQueryOptions(id));
}
