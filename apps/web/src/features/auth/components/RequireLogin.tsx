import { type ReactNode } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../paths';
import { useAuth } from '../use-auth';
import { useAuthNotice } from '../use-auth-notice';

interface RequireLoginProps {
  /** Where the login page returns to, e.g. "/account#profile". */
  src: string;
  children: ReactNode;
}

/**
 * Renders `children` for a logged-in user; sends anyone else to the login page with "Please
 * login first.". When the session just expired, the login page returns to the very page the
 * user was on, as the auth client's own redirect does.
 */
export function RequireLogin({ src, children }: RequireLoginProps) {
  const { isLoggedIn } = useAuth();
  const notice = useAuthNotice();
  const { pathname, search, hash } = useLocation();
  if (!isLoggedIn) {
    const to =
      notice === MESSAGES.couldNotRefreshToken
        ? loginPath({ src: `${pathname}${search}${hash}` })
        : loginPath({ msg: MESSAGES.pleaseLoginFirst, src });
    return <Navigate to={to} replace />;
  }
  return children;
}
