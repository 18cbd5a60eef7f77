import { type NotificationItem, type TaskProposal } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { notificationKeys, proposalKeys, userKeys } from '../../auth/api/keys';
import { type Paged } from './users';

/** One page (from 1) of one's notifications, newest first. */
export function useNotifications(page: number, size: number) {
  return useQuery({
    queryKey: notificationKeys.page(page, size),
    queryFn: ({ signal }) =>
      apiGet<Paged<NotificationItem>>(
        `${endpoints.notifications.path}?limit=${String(size)}&offset=${String(page - 1)}`,
        { signal, auth: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** PUT /notifications/seen, then refresh the current user so that the navbar count resets. */
export function useMarkNotificationsSeen(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(endpoints.notificationsSeen.path, { method: 'PUT', auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: userKeys.detail(userId), exact: true }),
  });
}

/** One page (from 1) of task proposals: one's own, or everyone's (admins). */
export function useTaskProposals(scope: 'own' | 'everyone', page: number, size: number) {
  const path = scope === 'own' ? endpoints.userProposals.path : endpoints.allProposals.path;
  return useQuery({
    queryKey: scope === 'own' ? proposalKeys.own(page, size) : proposalKeys.everyone(page, size),
    queryFn: ({ signal }) =>
      apiGet<Paged<TaskProposal>>(apiPath(path, { page: page - 1, size }), {
        signal,
        auth: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface ProposalInput {
  name: string;
  task_code: string;
  desc: string;
  longdesc: string;
}

/** POST /task_proposals/create; one's proposals are listed again afterwards. */
export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalInput) =>
      apiRequest<TaskProposal>(endpoints.createProposal.path, {
        method: 'POST',
        body,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

/** PUT /tasks/process_proposal/:id (admins): accept, or reject with the changes requested. */
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
    }) =>
      apiRequest(apiPath(endpoints.processProposal.path, { id }), {
        method: 'PUT',
        body: { accept, changes },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}
