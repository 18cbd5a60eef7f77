import { endpoints, apiPath } from '@dynaloop/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { type Paged } from '../../users/api/users';
import { apiTokenKeys } from './keys';

export interface ApiTokenCreated {
  id: number;
  api_token: string;
  created_at: string;
}

export interface ApiTokenItem {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.all,
    queryFn: ({ signal }) =>
      apiGet<Paged<ApiTokenItem>>(endpoints.listApiTokens.path, { signal, auth: true }),
  });
}

/** Creates a token; the answer holds its value, which the server never shows again. */
export function useGenerateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<ApiTokenCreated>(endpoints.generateApiToken.path, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(apiPath(endpoints.revokeApiToken.path, { id }), { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
