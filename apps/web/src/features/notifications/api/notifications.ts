import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import { notificationKeys, userKeys } from '../../auth/api/keys';

/** GET /notifications: one page (from 1) of one's notifications, newest first. */
export function getNotifications(page: number, size: number, signal?: AbortSignal) {
  return callApi('notifications', { query: pageQuery(page, size), signal });
}

export function getNotificationsQueryOptions(page: number, size: number) {
  return queryOptions({
    queryKey: notificationKeys.page(page, size),
    queryFn: ({ signal }) => getNotifications(page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(page: number, size: number) {
  return useQuery(getNotificationsQueryOptions(page, size));
}

/** PUT /notifications/seen. */
export function markNotificationsSeen() {
  return callApi('notificationsSeen');
}

/** The current user is read again, so that the navbar count resets. */
export function useMarkNotificationsSeen(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: userKeys.detail(userId), exact: true }),
  });
}
