import { useSyncExternalStore } from 'react';
import { getAuthNotice, subscribeAuthNotice } from '../../lib/auth';

/** The session notice ("Could not refresh token") while it is shown, else null. */
export function useAuthNotice(): string | null {
  return useSyncExternalStore(subscribeAuthNotice, getAuthNotice, () => null);
}
