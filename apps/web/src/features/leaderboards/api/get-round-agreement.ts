import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useAuth } from '../../auth/use-auth';
import { leaderboardKeys } from './keys';

/** GET /tasks/:id/rounds/:rid/agreement: for owners and admins. */
export function getRoundAgreement(taskId: number, round: number, signal?: AbortSignal) {
  return callApi('roundAgreement', { params: { id: taskId, rid: round }, signal });
}

/** Visitors (viewer null) make no request. */
export function getRoundAgreementQueryOptions(
  taskId: number,
  round: number,
  viewer: number | null,
) {
  return queryOptions({
    queryKey: leaderboardKeys.agreement(taskId, round, viewer ?? 0),
    queryFn: viewer !== null ? ({ signal }) => getRoundAgreement(taskId, round, signal) : skipToken,
  });
}

export function useRoundAgreement(taskId: number, round: number) {
  return useQuery(getRoundAgreementQueryOptions(taskId, round, useAuth().userId));
}
