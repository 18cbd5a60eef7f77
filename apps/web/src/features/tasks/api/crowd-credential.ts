import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** PUT /tasks/:id/crowd_credential: a new crowd credential (shown once) replacing any other. */
export function issueCrowdCredential(id: number) {
  return callApi('issueCrowdCredential', { params: { id } });
}

/** DELETE /tasks/:id/crowd_credential: crowd workers can no longer submit or validate. */
export function revokeCrowdCredential(id: number) {
  return callApi('revokeCrowdCredential', { params: { id } });
}

export function useIssueCrowdCredential(id: number) {
  return useMutation({ mutationFn: () => issueCrowdCredential(id) });
}

export function useRevokeCrowdCredential(id: number) {
  return useMutation({ mutationFn: () => revokeCrowdCredential(id) });
}
