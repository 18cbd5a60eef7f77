import { type ProposalCreateBody } from '@dynaloop/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { proposalKeys } from '../../auth/api/keys';

export type ProposalScope = 'own' | 'everyone';

/** One page (from 1) of task proposals: one's own, or everyone's (admins). */
export function getTaskProposals(
  scope: ProposalScope,
  page: number,
  size: number,
  signal?: AbortSignal,
) {
  const input = { params: { page: page - 1, size }, signal };
  return scope === 'own' ? callApi('userProposals', input) : callApi('allProposals', input);
}

export function getTaskProposalsQueryOptions(scope: ProposalScope, page: number, size: number) {
  return queryOptions({
    queryKey: scope === 'own' ? proposalKeys.own(page, size) : proposalKeys.everyone(page, size),
    queryFn: ({ signal }) => getTaskProposals(scope, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTaskProposals(scope: ProposalScope, page: number, size: number) {
  return useQuery(getTaskProposalsQueryOptions(scope, page, size));
}

/** POST /task_proposals/create. */
export function createProposal(body: ProposalCreateBody) {
  return callApi('createProposal', { body });
}

/** PUT /tasks/process_proposal/:id (admins): accept, or reject with the changes requested. */
export function processProposal(id: number, accept: boolean, changes: string | null) {
  return callApi('processProposal', { params: { id }, body: { accept, changes } });
}

/** One's proposals are listed again afterwards. */
export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export function useProcessProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      accept,
      changes,
    }: {
      id: number;
      accept: boolean;
      changes: string | null;
    }) => processProposal(id, accept, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}
