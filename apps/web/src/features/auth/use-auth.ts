import { useMemo, useSyncExternalStore } from 'react';
import { decodeToken, getToken, subscribeToken } from '../../lib/auth';

export interface AuthState {
  token: string | null;
  isLoggedIn: boolean;
  userId: number | null;
  /** The username the token was issued for (the current user's query has the latest one). */
  username: string | null;
}

/** Who is logged in, from the stored access token; re-renders on login, logout and other tabs. */
export function useAuth(): AuthState {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  return useMemo(() => {
    const payload = decodeToken(token);
    return {
      token: payload ? token : null,
      isLoggedIn: payload !== null,
      userId: payload?.id ?? null,
      username: payload?.username ?? null,
    };
  }, [token]);
}

/** Who answers are cached for: the logged-in user's id, or 0 for a visitor. */
export function useViewer(): number {
  return useAuth().userId ?? 0;
}
