import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { ownerKeys } from '../../tasks/api/keys';

/** GET /tasks/get_model_identifiers/:id: every model of the task (owners). */
export function getTaskModels(id: number, signal?: AbortSignal) {
  return callApi('modelIdentifiers', { params: { id }, signal });
}

export function getTaskModelsQueryOptions(id: number, viewer: number) {
  return queryOptions({
    queryKey: ownerKeys.models(id, viewer),
    queryFn: ({ signal }) => getTaskModels(id, signal),
  });
}

export function useTaskModels(id: number) {
  return useQuery(getTaskModelsQueryOptions(id, useViewer()));
}

/** GET /tasks/get_models_in_the_loop/:id: the models an owner may put in the loop. */
export function getLoopEligibleModels(id: number, signal?: AbortSignal) {
  return callApi('modelsInTheLoop', { params: { id }, signal });
}

export function getLoopEligibleModelsQueryOptions(id: number, viewer: number) {
  return queryOptions({
    queryKey: ownerKeys.loopModels(id, viewer),
    queryFn: ({ signal }) => getLoopEligibleModels(id, signal),
  });
}

export function useLoopEligibleModels(id: number) {
  return useQuery(getLoopEligibleModelsQueryOptions(id, useViewer()));
}

/** PUT /tasks/update_models_in_the_loop/:id/:rid: exactly these models are in the round's loop. */
export function setModelsInTheLoop(id: number, rid: number, modelIds: number[]) {
  return callApi('updateModelsInTheLoop', { params: { id, rid }, body: { model_ids: modelIds } });
}

export function useSetModelsInTheLoop(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ rid, modelIds }: { rid: number; modelIds: number[] }) =>
      setModelsInTheLoop(id, rid, modelIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.task(id, viewer) }),
  });
}
