import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import { userKeys } from '../../auth/api/keys';

/** GET /users/:id/tasks: one page (from 1) of the tasks a user owns. */
export function getUserTasks(id: number, page: number, size: number, signal?: AbortSignal) {
  return callApi('userTasks', { params: { id }, query: pageQuery(page, size), auth: true, signal });
}

export function getUserTasksQueryOptions(id: number, page: number, size: number) {
  return queryOptions({
    queryKey: userKeys.list(id, 'tasks', page, size),
    queryFn: ({ signal }) => getUserTasks(id, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserTasks(id: number, page: number, size: number) {
  return useQuery(getUserTasksQueryOptions(id, page, size));
}
