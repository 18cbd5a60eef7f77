import { type RouteBody } from '@dynaloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { startSession } from './session';

/** POST /authenticate: email and password; the answer holds the user and an access token. */
export function login(body: RouteBody<'login'>) {
  return callApi('login', { body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => startSession(queryClient, result),
  });
}
