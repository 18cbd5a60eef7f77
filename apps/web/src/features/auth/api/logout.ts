import { type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { endSession } from './session';

/** POST /authenticate/logout (revokes the refresh cookie), then forgets the login locally. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await callApi('logout');
  } catch {
    // Logged out locally all the same; the cookie expires on its own.
  }
  endSession(queryClient);
}
