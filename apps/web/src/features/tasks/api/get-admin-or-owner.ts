import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useAuth } from '../../auth/use-auth';
import { taskKeys } from './keys';

/** GET /tasks/admin_or_owner/:id: whether the logged-in user may administer the task. */
export function getAdminOrOwner(id: number, signal?: AbortSignal) {
  return callApi('adminOrOwner', { params: { id }, auth: true, signal });
}

/** Visitors (viewer null) and unknown tasks make no request. */
export function getAdminOrOwnerQueryOptions(id: number | undefined, viewer: number | null) {
  return queryOptions({
    queryKey: taskKeys.adminOrOwner(id ?? 0, viewer ?? 0),
    queryFn:
      viewer === null || id === undefined ? skipToken : ({ signal }) => getAdminOrOwner(id, signal),
  });
}

/** Whether the logged-in user owns or administers the task; false for visitors. */
export function useIsTaskAdmin(taskId: number | undefined) {
  const { userId } = useAuth();
  const query = useQuery(getAdminOrOwnerQueryOptions(taskId, userId));
  return { ...query, isAdmin: query.data?.admin_or_owner === true };
}
