import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { ownerKeys } from '../../tasks/api/keys';

/** GET /tasks/owners/:id: the owners of a task. */
export function getTaskOwners(id: number, signal?: AbortSignal) {
  return callApi('taskOwners', { params: { id }, signal });
}

export function getTaskOwnersQueryOptions(id: number, viewer: number) {
  return queryOptions({
    queryKey: ownerKeys.owners(id, viewer),
    queryFn: ({ signal }) => getTaskOwners(id, signal),
  });
}

export function useTaskOwners(id: number) {
  return useQuery(getTaskOwnersQueryOptions(id, useViewer()));
}

/** PUT /tasks/toggle_owner/:id/:username: adds the user as an owner, or removes them. */
export function toggleOwner(id: number, username: string) {
  return callApi('toggleOwner', { params: { id, username } });
}

/** The answer is the new list of owners. */
export function useToggleOwner(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (username: string) => toggleOwner(id, username),
    onSuccess: (owners) => queryClient.setQueryData(ownerKeys.owners(id, viewer), owners),
  });
}
