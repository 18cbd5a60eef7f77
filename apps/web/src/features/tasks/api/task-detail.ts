import { type RoundDetail, type TaskDetail } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { skipToken, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { useAuth } from '../../auth/use-auth';
import { taskKeys } from './tasks';

/** Query keys of one task's views, under `taskKeys.all` (kept out of the home page's code). */
export const taskDetailKeys = {
  /** GET /tasks/:task as seen by `viewer` (a user id, or 0 for a visitor: hidden tasks differ). */
  detail: (task: string | number, viewer: number) =>
    [...taskKeys.all, 'detail', String(task).toLowerCase(), viewer] as const,
  round: (task: string, round: number, viewer: number) =>
    [...taskKeys.all, 'round', task.toLowerCase(), round, viewer] as const,
  adminOrOwner: (id: number, viewer: number) =>
    [...taskKeys.all, 'admin-or-owner', id, viewer] as const,
};

/**
 * GET /tasks/:task (an id or a code, in any case). Sent with the login when there is one, so
 * that owners and admins see hidden tasks. The answer is also cached under its canonical code.
 */
export function useTask(task: string) {
  const { userId } = useAuth();
  const viewer = userId ?? 0;
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: taskDetailKeys.detail(task, viewer),
    queryFn: async ({ signal }) => {
      const detail = await apiGet<TaskDetail>(apiPath(endpoints.task.path, { task }), {
        signal,
        auth: viewer !== 0,
      });
      if (detail.task_code.toLowerCase() !== task.toLowerCase()) {
        queryClient.setQueryData(taskDetailKeys.detail(detail.task_code, viewer), detail);
      }
      return detail;
    },
  });
}

function fetchRound(task: string, round: number, viewer: number, signal: AbortSignal) {
  return apiGet<RoundDetail>(apiPath(endpoints.taskRound.path, { task, round }), {
    signal,
    auth: viewer !== 0,
  });
}

/** GET /tasks/:task/:round: one round's figures and long description. */
export function useTaskRound(task: string, round: number) {
  const { userId } = useAuth();
  const viewer = userId ?? 0;
  return useQuery({
    queryKey: taskDetailKeys.round(task, round, viewer),
    queryFn: ({ signal }) => fetchRound(task, round, viewer, signal),
  });
}

/** Every round 1..count of a task, one request each (tasks have few rounds). */
export function useTaskRounds(task: string, count: number) {
  const { userId } = useAuth();
  const viewer = userId ?? 0;
  return useQueries({
    queries: Array.from({ length: count }, (_, index) => ({
      queryKey: taskDetailKeys.round(task, index + 1, viewer),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRound(task, index + 1, viewer, signal),
    })),
  });
}

/** Whether the logged-in user owns or administers the task; false for visitors (no request). */
export function useIsTaskAdmin(taskId: number | undefined) {
  const { userId } = useAuth();
  const query = useQuery({
    queryKey: taskDetailKeys.adminOrOwner(taskId ?? 0, userId ?? 0),
    queryFn:
      userId === null || taskId === undefined
        ? skipToken
        : ({ signal }) =>
            apiGet<{ admin_or_owner: boolean }>(
              apiPath(endpoints.adminOrOwner.path, { id: taskId }),
              {
                signal,
                auth: true,
              },
            ),
  });
  return { ...query, isAdmin: query.data?.admin_or_owner === true };
}
