import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** DELETE /users/:id with the password: the identity goes, submitted content stays. */
export function deleteUser(id: number, password: string) {
  return callApi('deleteUser', { params: { id }, body: { password } });
}

export function useDeleteAccount(id: number) {
  return useMutation({ mutationFn: (password: string) => deleteUser(id, password) });
}
