import { type TaskCard } from '@dynaloop/contract';
import { endpoints } from '@dynaloop/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** Query keys of the tasks feature; pages that need the same data share these. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
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

/** All visible tasks, each with its current round. */
export function useTasks() {
  return useQuery({
    queryKey: taskKeys.list(),
    queryFn: ({ signal }) => apiGet<TaskCard[]>(endpoints.tasks.path, { signal }),
  });
}

/** The task whose code matches `taskCode`, ignoring case (task codes are case-insensitive in URLs). */
export function findTaskByCode(tasks: readonly TaskCard[], taskCode: string): TaskCard | undefined {
  const wanted = taskCode.toLowerCase();
  return tasks.find((task) => task.task_code.toLowerCase() === wanted);
}
