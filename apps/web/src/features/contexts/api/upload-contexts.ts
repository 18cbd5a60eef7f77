import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fileForm } from '../../../lib/file-form';
import { useViewer } from '../../auth/use-auth';
import { ownerKeys } from '../../tasks/api/keys';

/** POST /contexts/upload/:task/:round with a JSONL file (a bad file stores nothing). */
export function uploadContexts(taskId: number, round: number, file: File) {
  return callApi('uploadContexts', { params: { task: taskId, round }, body: fileForm(file) });
}

/** The rounds' context counts follow the upload. */
export function useUploadContexts(taskId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: ({ round, file }: { round: number; file: File }) =>
      uploadContexts(taskId, round, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.rounds(taskId, viewer) }),
  });
}
