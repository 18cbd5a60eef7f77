import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { apiTokenKeys } from './keys';

/** GET /authenticate/api_tokens: one's API tokens (never their values). */
export function getApiTokens(signal?: AbortSignal) {
  return callApi('listApiTokens', { signal });
}

export function getApiTokensQueryOptions() {
  return queryOptions({
    queryKey: apiTokenKeys.all,
    queryFn: ({ signal }) => getApiTokens(signal),
  });
}

export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}

/** GET /authenticate/generate_api_token: the answer holds the value, never shown again. */
export function generateApiToken() {
  return callApi('generateApiToken');
}

/** DELETE /authenticate/api_tokens/:id. */
export function revokeApiToken(id: number) {
  return callApi('revokeApiToken', { params: { id } });
}

export function useGenerateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
