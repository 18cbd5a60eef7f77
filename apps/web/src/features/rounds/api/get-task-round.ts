import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useAuth } from '../../auth/use-auth';
import { taskKeys } from '../../tasks/api/keys';

/** GET /tasks/:task/:round: one round's figures and long description. */
export function getTaskRound(task: string, round: number, viewer: number, signal?: AbortSignal) {
  return callApi('taskRound', { params: { task, round }, auth: viewer !== 0, signal });
}

export function getTaskRoundQueryOptions(task: string, round: number, viewer: number) {
  return queryOptions({
    queryKey: taskKeys.round(task, round, viewer),
    queryFn: ({ signal }) => getTaskRound(task, round, viewer, signal),
  });
}

export function useTaskRound(task: string, round: number) {
  const { userId } = useAuth();
  return useQuery(getTaskRoundQueryOptions(task, round, userId ?? 0));
}

/** Every round 1..count of a task, one request each (tasks have few rounds). */
export function useTaskRounds(task: string, count: number) {
  const { userId } = useAuth();
  return useQueries({
    queries: Array.from({ length: count }, (_, index) =>
      getTaskRoundQueryOptions(task, index + 1, userId ?? 0),
    ),
  });
}
