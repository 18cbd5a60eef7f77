import { type CreateRoundBody, type TaskDetail } from '@dynaloop/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { ownerKeys, taskKeys } from '../../tasks/api/keys';

/** GET /tasks/get_all_rounds/:id: every round of a task with its number of contexts. */
export function getAllRounds(id: number, signal?: AbortSignal) {
  return callApi('allRounds', { params: { id }, signal });
}

export function getAllRoundsQueryOptions(id: number, viewer: number) {
  return queryOptions({
    queryKey: ownerKeys.rounds(id, viewer),
    queryFn: ({ signal }) => getAllRounds(id, signal),
  });
}

export function useAllRounds(id: number) {
  return useQuery(getAllRoundsQueryOptions(id, useViewer()));
}

/** POST /tasks/create_round/:id: the next round, where collection moves. */
export function createRound(id: number, body: CreateRoundBody) {
  return callApi('createRound', { params: { id }, body });
}

/** Everything the console and the task pages show of the task is read again. */
export function useCreateRound(task: TaskDetail) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (body: CreateRoundBody) => createRound(task.id, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownerKeys.task(task.id, viewer) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      ]);
    },
  });
}
