import { type ReactNode, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../../lib/auth';
import { clearUserData } from './api/keys';
import { loginPath } from './paths';

/**
 * Connects the auth client to the router and the query cache: when the session cannot be
 * renewed, the user's cached data is dropped and the login page opened with `src` set to the
 * page they were on. Rendered inside the router.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        clearUserData(queryClient);
        const { pathname, search, hash } = locationRef.current;
        if (pathname === '/login') return;
        void navigate(loginPath({ src: `${pathname}${search}${hash}` }));
      }),
    [navigate, queryClient],
  );

  return children;
}
