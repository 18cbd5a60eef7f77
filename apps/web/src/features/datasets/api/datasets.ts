import { type Dataset, type DatasetUpdateBody } from '@dynaloop/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fileForm } from '../../../lib/file-form';
import { useViewer } from '../../auth/use-auth';
import { ownerKeys, taskKeys } from '../../tasks/api/keys';

/** GET /datasets/get_access_types. */
export function getDatasetAccessTypes(signal?: AbortSignal) {
  return callApi('datasetAccessTypes', { signal });
}

/** GET /datasets/get_log_access_types. */
export function getDatasetLogAccessTypes(signal?: AbortSignal) {
  return callApi('datasetLogAccessTypes', { signal });
}

export function useDatasetAccessTypes() {
  return useQuery({
    queryKey: ownerKeys.accessTypes(),
    queryFn: ({ signal }) => getDatasetAccessTypes(signal),
    staleTime: Infinity,
  });
}

export function useDatasetLogAccessTypes() {
  return useQuery({
    queryKey: ownerKeys.logAccessTypes(),
    queryFn: ({ signal }) => getDatasetLogAccessTypes(signal),
    staleTime: Infinity,
  });
}

/** GET /tasks/datasets/:id: every dataset of a task (owners). */
export function getTaskDatasets(taskId: number, signal?: AbortSignal) {
  return callApi('taskDatasets', { params: { id: taskId }, signal });
}

export function getTaskDatasetsQueryOptions(taskId: number, viewer: number) {
  return queryOptions({
    queryKey: ownerKeys.datasets(taskId, viewer),
    queryFn: ({ signal }) => getTaskDatasets(taskId, signal),
  });
}

export function useTaskDatasets(taskId: number) {
  return useQuery(getTaskDatasetsQueryOptions(taskId, useViewer()));
}

/** PUT /datasets/update/:id: description, round, source, access or weight. */
export function updateDataset(id: number, changes: DatasetUpdateBody) {
  return callApi('updateDataset', { params: { id }, body: changes });
}

/** DELETE /datasets/delete/:id: the dataset, its file and its scores. */
export function deleteDataset(id: number) {
  return callApi('deleteDataset', { params: { id } });
}

/** POST /datasets/create/:id/:name with a JSONL file (a dataset of that name is replaced). */
export function createDataset(taskId: number, name: string, file: File) {
  return callApi('createDataset', { params: { id: taskId, name }, body: fileForm(file) });
}

/** The answer replaces the dataset in the task's list. */
export function useUpdateDataset(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DatasetUpdateBody }) =>
      updateDataset(id, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData<Dataset[]>(ownerKeys.datasets(taskId, viewer), (list) =>
        list?.map((dataset) => (dataset.id === updated.id ? updated : dataset)),
      );
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

export function useDeleteDataset(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (id: number) => deleteDataset(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownerKeys.datasets(taskId, viewer) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

export function useCreateDataset(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => createDataset(taskId, name, file),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownerKeys.datasets(taskId, viewer) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
