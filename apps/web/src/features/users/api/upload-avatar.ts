import { type UserProfile } from '@dynaloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fileForm } from '../../../lib/file-form';
import { userKeys } from '../../auth/api/keys';

/** POST /users/:id/avatar/upload as multipart (field `file`). */
export function uploadAvatar(id: number, file: File) {
  return callApi('uploadAvatar', { params: { id }, body: fileForm(file) });
}

export function useUploadAvatar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(id, file),
    onSuccess: async ({ avatar_url }) => {
      queryClient.setQueryData<UserProfile>(userKeys.detail(id), (old) =>
        old ? { ...old, avatar_url } : old,
      );
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}
