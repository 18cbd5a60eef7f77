import { type TaskCard } from '@dynaloop/contract';
import { endpoints } from '@dynaloop/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** Query keys of the tasks feature; pages that need the same data share these. */
export const taskKeys = {
  all: ['tasks'] as const,
  activeWithRoundInfo: () => [...taskKeys.all, 'active-with-round-info'] as const,
};

/** Active, visible tasks with their current round (home page cards). */
export function useActiveTasks() {
  return useQuery({
    queryKey: taskKeys.activeWithRoundInfo(),
    queryFn: ({ signal }) =>
      apiGet<TaskCard[]>(endpoints.activeTasksWithRoundInfo.path, { signal }),
  });
}
