import {
  type Dataset,
  type RemoteModelBody,
  type RemoteModelUpdateBody,
  type RoundDetail,
  type TaskDetail,
  type TaskModel,
  type TaskUpdateBody,
} from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet, apiRequest } from '../../../lib/api';
import { useAuth } from '../../auth/use-auth';
import { taskDetailKeys } from './task-detail';
import { taskKeys } from './tasks';

export interface TaskOwner {
  id: number;
  username: string;
}

export type { TaskModel };

export interface DatasetCreated {
  success: 'ok';
  dataset: Dataset;
  updated_existing_dataset: boolean;
  evaluations_queued: number;
}

/** A round as the owner console lists it (GET /tasks/get_all_rounds/:id). */
export type OwnerRound = RoundDetail & { context_count: number };

export interface ContextsUploaded {
  success: 'ok';
  count: number;
}

export type DatasetChanges = Partial<
  Pick<Dataset, 'longdesc' | 'rid' | 'source_url' | 'access_type' | 'log_access_type' | 'weight'>
>;

/** Query keys of the owner console: per task, and per viewer (what one may see differs). */
export const ownerKeys = {
  all: ['task-owner'] as const,
  task: (id: number, viewer: number) => [...ownerKeys.all, id, viewer] as const,
  owners: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'owners'] as const,
  rounds: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'rounds'] as const,
  models: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'models'] as const,
  loopModels: (id: number, viewer: number) =>
    [...ownerKeys.task(id, viewer), 'loop-models'] as const,
  datasets: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'datasets'] as const,
  accessTypes: () => [...ownerKeys.all, 'access-types'] as const,
  logAccessTypes: () => [...ownerKeys.all, 'log-access-types'] as const,
};

function useViewer(): number {
  return useAuth().userId ?? 0;
}

function useOwnerQuery<T>(
  key: (id: number, viewer: number) => readonly unknown[],
  path: string,
  id: number,
) {
  const viewer = useViewer();
  return useQuery({
    queryKey: key(id, viewer),
    queryFn: ({ signal }) => apiGet<T>(apiPath(path, { id }), { signal, auth: true }),
  });
}

export const useTaskOwners = (id: number) =>
  useOwnerQuery<TaskOwner[]>(ownerKeys.owners, endpoints.taskOwners.path, id);
export const useAllRounds = (id: number) =>
  useOwnerQuery<OwnerRound[]>(ownerKeys.rounds, endpoints.allRounds.path, id);
export const useTaskModels = (id: number) =>
  useOwnerQuery<TaskModel[]>(ownerKeys.models, endpoints.modelIdentifiers.path, id);
export const useLoopEligibleModels = (id: number) =>
  useOwnerQuery<TaskModel[]>(ownerKeys.loopModels, endpoints.modelsInTheLoop.path, id);
export const useTaskDatasets = (id: number) =>
  useOwnerQuery<Dataset[]>(ownerKeys.datasets, endpoints.taskDatasets.path, id);

export function useDatasetAccessTypes() {
  return useQuery({
    queryKey: ownerKeys.accessTypes(),
    queryFn: ({ signal }) => apiGet<string[]>(endpoints.datasetAccessTypes.path, { signal }),
    staleTime: Infinity,
  });
}

export function useDatasetLogAccessTypes() {
  return useQuery({
    queryKey: ownerKeys.logAccessTypes(),
    queryFn: ({ signal }) => apiGet<string[]>(endpoints.datasetLogAccessTypes.path, { signal }),
    staleTime: Infinity,
  });
}

/** Stores a task the server sent back where the task page and the console read it. */
function useStoreTask() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return (task: TaskDetail) => {
    queryClient.setQueryData(taskDetailKeys.detail(task.task_code, viewer), task);
    queryClient.setQueryData(taskDetailKeys.detail(task.id, viewer), task);
    // Round figures and other views of the task are read again when next shown.
    void queryClient.invalidateQueries({
      queryKey: taskKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  };
}

/** PUT /tasks/update/:id with the changed settings (or the configuration). */
export function useUpdateTask(id: number) {
  const store = useStoreTask();
  return useMutation({
    mutationFn: (changes: TaskUpdateBody) =>
      apiRequest<TaskDetail>(apiPath(endpoints.updateTask.path, { id }), {
        method: 'PUT',
        body: changes,
        auth: true,
      }),
    onSuccess: store,
  });
}

/** PUT /tasks/activate/:id: sets the configuration once; the task becomes active and visible. */
export function useActivateTask(id: number) {
  const store = useStoreTask();
  return useMutation({
    mutationFn: (configYaml: string) =>
      apiRequest<TaskDetail>(apiPath(endpoints.activateTask.path, { id }), {
        method: 'PUT',
        body: { config_yaml: configYaml },
        auth: true,
      }),
    onSuccess: store,
  });
}

/** PUT /tasks/toggle_owner/:id/:username: adds the user as an owner, or removes them. */
export function useToggleOwner(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (username: string) =>
      apiRequest<TaskOwner[]>(apiPath(endpoints.toggleOwner.path, { id, username }), {
        method: 'PUT',
        auth: true,
      }),
    onSuccess: (owners) => queryClient.setQueryData(ownerKeys.owners(id, viewer), owners),
  });
}

/** POST /tasks/create_round/:id: the next round, where collection moves. */
export function useCreateRound(task: TaskDetail) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (body: { desc?: string | null; longdesc?: string | null }) =>
      apiRequest<RoundDetail>(apiPath(endpoints.createRound.path, { id: task.id }), {
        method: 'POST',
        body,
        auth: true,
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownerKeys.task(task.id, viewer) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      ]);
    },
  });
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** POST /contexts/upload/:task/:round with a JSONL file; the rounds' context counts follow. */
export function useUploadContexts(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ round, file }: { round: number; file: File }) =>
      apiRequest<ContextsUploaded>(
        apiPath(endpoints.uploadContexts.path, { task: taskId, round }),
        { method: 'POST', body: fileForm(file), auth: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.rounds(taskId, viewer) }),
  });
}

/** PUT /tasks/update_models_in_the_loop/:id/:rid: exactly these models are in the round's loop. */
export function useSetModelsInTheLoop(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ rid, modelIds }: { rid: number; modelIds: number[] }) =>
      apiRequest(apiPath(endpoints.updateModelsInTheLoop.path, { id, rid }), {
        method: 'PUT',
        body: { model_ids: modelIds },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.task(id, viewer) }),
  });
}

/** POST /tasks/:id/remote_models: the model and, this once, the secret it signs with. */
export function useCreateRemoteModel(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (body: RemoteModelBody) =>
      apiRequest<{ model: TaskModel; secret: string }>(
        apiPath(endpoints.createRemoteModel.path, { id }),
        { method: 'POST', body, auth: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.task(id, viewer) }),
  });
}

/** PUT /tasks/:id/remote_models/:mid: a new name, description or endpoint. */
export function useUpdateRemoteModel(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ mid, changes }: { mid: number; changes: RemoteModelUpdateBody }) =>
      apiRequest<TaskModel>(apiPath(endpoints.updateRemoteModel.path, { id, mid }), {
        method: 'PUT',
        body: changes,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.task(id, viewer) }),
  });
}

/** PUT /tasks/:id/remote_models/:mid/secret: a new secret, shown once; the old one stops working. */
export function useRotateRemoteModelSecret(id: number) {
  return useMutation({
    mutationFn: (mid: number) =>
      apiRequest<{ secret: string }>(apiPath(endpoints.rotateRemoteModelSecret.path, { id, mid }), {
        method: 'PUT',
        auth: true,
      }),
  });
}

/** PUT /tasks/:id/crowd_credential: a new crowd credential (shown once) replacing any other. */
export function useIssueCrowdCredential(id: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ crowd_token: string }>(apiPath(endpoints.issueCrowdCredential.path, { id }), {
        method: 'PUT',
        auth: true,
      }),
  });
}

/** DELETE /tasks/:id/crowd_credential: crowd workers can no longer submit or validate. */
export function useRevokeCrowdCredential(id: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPath(endpoints.revokeCrowdCredential.path, { id }), {
        method: 'DELETE',
        auth: true,
      }),
  });
}

/** PUT /datasets/update/:id; the answer replaces the dataset in the task's list. */
export function useUpdateDataset(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DatasetChanges }) =>
      apiRequest<Dataset>(apiPath(endpoints.updateDataset.path, { id }), {
        method: 'PUT',
        body: changes,
        auth: true,
      }),
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
    mutationFn: (id: number) =>
      apiRequest(apiPath(endpoints.deleteDataset.path, { id }), { method: 'DELETE', auth: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownerKeys.datasets(taskId, viewer) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

/** POST /datasets/create/:id/:name with a JSONL file (a dataset of that name is replaced). */
export function useCreateDataset(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) =>
      apiRequest<DatasetCreated>(apiPath(endpoints.createDataset.path, { id: taskId, name }), {
        method: 'POST',
        body: fileForm(file),
        auth: true,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownerKeys.datasets(taskId, viewer) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads an authenticated file: fetched with the access token, then saved through a
 * temporary object URL and a link with `download` (a plain link could not send the token).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(path, { auth: true });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** GET /tasks/:id/export, or /tasks/:id/rounds/:rid/export with a round. */
export function useExport(task: TaskDetail) {
  return useMutation({
    mutationFn: (round?: number) =>
      round === undefined
        ? downloadFile(
            apiPath(endpoints.exportTask.path, { id: task.id }),
            `${task.task_code}-export.json`,
          )
        : downloadFile(
            apiPath(endpoints.exportRound.path, { id: task.id, rid: round }),
            `${task.task_code}-round-${String(round)}-export.json`,
          ),
  });
}
