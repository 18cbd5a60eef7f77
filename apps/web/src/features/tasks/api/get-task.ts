import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useAuth } from '../../auth/use-auth';
import { taskKeys } from './keys';

/**
 * GET /tasks/:task (an id or a code, in any case). Sent with the login when there is one
 * (`viewer` is not 0), so that owners and admins see hidden tasks.
 */
export function getTask(task: string, viewer: number, signal?: AbortSignal) {
  return callApi('task', { params: { task }, auth: viewer !== 0, signal });
}

/** The task's query; the answer is also cached under its canonical code. */
export function getTaskQueryOptions(task: string, viewer: number, queryClient: QueryClient) {
  return queryOptions({
    queryKey: taskKeys.detail(task, viewer),
    queryFn: async ({ signal }) => {
      const detail = await getTask(task, viewer, signal);
      if (detail.task_code.toLowerCase() !== task.toLowerCase()) {
        queryClient.setQueryData(taskKeys.detail(detail.task_code, viewer), detail);
      }
      return detail;
    },
  });
}

export function useTask(task: string) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  return useQuery(getTaskQueryOptions(task, userId ?? 0, queryClient));
}
