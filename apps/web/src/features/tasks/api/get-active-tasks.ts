import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { taskKeys } from './keys';

/** GET /task/get_active_tasks_with_round_info: active, visible tasks with their current round. */
export function getActiveTasks(signal?: AbortSignal) {
  return callApi('activeTasksWithRoundInfo', { signal });
}

export function getActiveTasksQueryOptions() {
  return queryOptions({
    queryKey: taskKeys.activeWithRoundInfo(),
    queryFn: ({ signal }) => getActiveTasks(signal),
  });
}

/** The home page's task cards. */
export function useActiveTasks() {
  return useQuery(getActiveTasksQueryOptions());
}
