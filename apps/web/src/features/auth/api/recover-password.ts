import { type RouteBody } from '@dynaloop/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /recover/initiate: a reset link by mail (the answer is the same for unknown emails). */
export function recoverInitiate(body: RouteBody<'recoverInitiate'>) {
  return callApi('recoverInitiate', { body });
}

/** POST /recover/resolve/:token: a new password with the token of the reset link. */
export function recoverResolve(token: string, body: RouteBody<'recoverResolve'>) {
  return callApi('recoverResolve', { params: { token }, body });
}

export function useRecoverInitiate() {
  return useMutation({ mutationFn: recoverInitiate });
}

export function useRecoverResolve(token: string) {
  return useMutation({
    mutationFn: (body: RouteBody<'recoverResolve'>) => recoverResolve(token, body),
  });
}
