import { type AuthResult } from '@dynaloop/contract';
import { type QueryClient } from '@tanstack/react-query';
import { clearToken, setAuthNotice, setToken } from '../../../lib/auth';
import { clearUserData, userKeys } from './keys';

/** Stores the new login and seeds the current user's query with the user the server sent. */
export function startSession(queryClient: QueryClient, { user, token }: AuthResult): void {
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
