import { type AuthResult, type PlatformSettings } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { clearToken, setAuthNotice, setToken } from '../../../lib/auth';
import { clearUserData, userKeys } from './keys';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  username: string;
  invite_code?: string;
}

/** Stores the new login and seeds the current user's query with the user the server sent. */
function startSession(queryClient: QueryClient, { user, token }: AuthResult): void {
  clearUserData(queryClient);
  setAuthNotice(null);
  setToken(token);
  queryClient.setQueryData(userKeys.detail(user.id), user);
}

/** Forgets the login on this device: the token and every cached answer about the user. */
export function endSession(queryClient: QueryClient): void {
  clearToken();
  clearUserData(queryClient);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginInput) =>
      apiRequest<AuthResult>(endpoints.login.path, { method: 'POST', body }),
    onSuccess: (result) => startSession(queryClient, result),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInput) =>
      apiRequest<AuthResult>(endpoints.register.path, { method: 'POST', body }),
    onSuccess: (result) => startSession(queryClient, result),
  });
}

/** POST /authenticate/logout (revokes the refresh cookie), then forgets the login locally. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await apiRequest(endpoints.logout.path, { method: 'POST' });
  } catch {
    // Logged out locally all the same; the cookie expires on its own.
  }
  endSession(queryClient);
}

export function useRecoverInitiate() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      apiRequest(endpoints.recoverInitiate.path, { method: 'POST', body }),
  });
}

export function useRecoverResolve(token: string) {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiRequest(apiPath(endpoints.recoverResolve.path, { token }), { method: 'POST', body }),
  });
}

/** Feature flags (e.g. whether registration needs an invite code). */
export function usePlatformSettings() {
  return useQuery({
    queryKey: ['platform', 'settings'],
    queryFn: ({ signal }) => apiGet<PlatformSettings>(endpoints.platformSettings.path, { signal }),
    staleTime: 5 * 60_000,
  });
}
