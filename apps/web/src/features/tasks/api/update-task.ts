import { type TaskDetail, type TaskUpdateBody } from '@dynaloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { taskKeys } from './keys';

/** PUT /tasks/update/:id with the changed settings (or the configuration). */
export function updateTask(id: number, changes: TaskUpdateBody) {
  return callApi('updateTask', { params: { id }, body: changes });
}

/** PUT /tasks/activate/:id: sets the configuration once; the task becomes active and visible. */
export function activateTask(id: number, configYaml: string) {
  return callApi('activateTask', { params: { id }, body: { config_yaml: configYaml } });
}

/** Stores a task the server sent back where the task page and the console read it. */
function useStoreTask() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return (task: TaskDetail) => {
    queryClient.setQueryData(taskKeys.detail(task.task_code, viewer), task);
    queryClient.setQueryData(taskKeys.detail(task.id, viewer), task);
    // Round figures and other views of the task are read again when next shown.
    void queryClient.invalidateQueries({
      queryKey: taskKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  };
}

export function useUpdateTask(id: number) {
  const store = useStoreTask();
  return useMutation({
    mutationFn: (changes: TaskUpdateBody) => updateTask(id, changes),
    onSuccess: store,
  });
}

export function useActivateTask(id: number) {
  const store = useStoreTask();
  return useMutation({
    mutationFn: (configYaml: string) => activateTask(id, configYaml),
    onSuccess: store,
  });
}
