import { type RegisterBody } from '@dynaloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { startSession } from './session';

/** POST /users: a new account, logged in at once. */
export function register(body: RegisterBody) {
  return callApi('register', { body });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (result) => startSession(queryClient, result),
  });
}
