import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { modelKeys } from './keys';

/**
 * GET /tasks/:id/models_in_the_loop: the models a contributor writes against, with the endpoint
 * the create page calls (sent with the login when there is one).
 */
export function getModelsInTheLoop(taskId: number, viewer: number, signal?: AbortSignal) {
  return callApi('modelsInTheLoopPublic', {
    params: { id: taskId },
    auth: viewer !== 0,
    signal,
  });
}

export function getModelsInTheLoopQueryOptions(taskId: number, viewer: number) {
  return queryOptions({
    queryKey: modelKeys.inTheLoop(taskId, viewer),
    queryFn: ({ signal }) => getModelsInTheLoop(taskId, viewer, signal),
    staleTime: 5 * 60_000,
  });
}

export function useModelsInTheLoop(taskId: number) {
  return useQuery(getModelsInTheLoopQueryOptions(taskId, useViewer()));
}
