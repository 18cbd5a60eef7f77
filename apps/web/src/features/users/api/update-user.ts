import { type RouteBody, type UserProfile } from '@dynaloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../auth/api/keys';

/** PUT /users/:id: one's username, real name or affiliation. */
export function updateUser(id: number, changes: RouteBody<'updateUser'>) {
  return callApi('updateUser', { params: { id }, body: changes });
}

/** The answer replaces the cached user, whose other queries are refreshed. */
export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: RouteBody<'updateUser'>) => updateUser(id, changes),
    onSuccess: async (profile) => {
      queryClient.setQueryData<UserProfile>(userKeys.detail(id), (old) =>
        old ? { ...old, ...profile } : profile,
      );
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}
