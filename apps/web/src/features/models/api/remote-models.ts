import { type RemoteModelBody, type RemoteModelUpdateBody } from '@dynaloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { ownerKeys } from '../../tasks/api/keys';

/** POST /tasks/:id/remote_models: the model and, this once, the secret it signs with. */
export function createRemoteModel(id: number, body: RemoteModelBody) {
  return callApi('createRemoteModel', { params: { id }, body });
}

/** PUT /tasks/:id/remote_models/:mid: a new name, description or endpoint. */
export function updateRemoteModel(id: number, mid: number, changes: RemoteModelUpdateBody) {
  return callApi('updateRemoteModel', { params: { id, mid }, body: changes });
}

/** PUT /tasks/:id/remote_models/:mid/secret: a new secret, shown once; the old one stops working. */
export function rotateRemoteModelSecret(id: number, mid: number) {
  return callApi('rotateRemoteModelSecret', { params: { id, mid } });
}

export function useCreateRemoteModel(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (body: RemoteModelBody) => createRemoteModel(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.task(id, viewer) }),
  });
}

export function useUpdateRemoteModel(id: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ mid, changes }: { mid: number; changes: RemoteModelUpdateBody }) =>
      updateRemoteModel(id, mid, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.task(id, viewer) }),
  });
}

export function useRotateRemoteModelSecret(id: number) {
  return useMutation({ mutationFn: (mid: number) => rotateRemoteModelSecret(id, mid) });
}
