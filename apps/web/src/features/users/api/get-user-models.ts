import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import { userKeys } from '../../auth/api/keys';

/** GET /users/:id/models: one page (from 1) of a user's models. */
export function getUserModels(id: number, page: number, size: number, signal?: AbortSignal) {
  return callApi('userModels', {
    params: { id },
    query: pageQuery(page, size),
    auth: true,
    signal,
  });
}

export function getUserModelsQueryOptions(id: number, page: number, size: number) {
  return queryOptions({
    queryKey: userKeys.list(id, 'models', page, size),
    queryFn: ({ signal }) => getUserModels(id, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserModels(id: number, page: number, size: number) {
  return useQuery(getUserModelsQueryOptions(id, page, size));
}
