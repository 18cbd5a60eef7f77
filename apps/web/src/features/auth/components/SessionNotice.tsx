import { useEffect, useRef } from 'react';
import { Alert, Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { setAuthNotice } from '../../../lib/auth';
import { useAuthNotice } from '../use-auth-notice';

/**
 * "Could not refresh token", shown above the page after a session could not be renewed, until
 * it is dismissed, the user logs in again or goes on to a page other than the login page.
 */
export function SessionNotice() {
  const notice = useAuthNotice();
  const { pathname } = useLocation();
  const shownAt = useRef<string | null>(null);

  useEffect(() => {
    if (!notice) {
      shownAt.current = null;
      return;
    }
    if (shownAt.current === null || pathname === '/login') {
      shownAt.current = pathname;
      return;
    }
    if (pathname !== shownAt.current) setAuthNotice(null);
  }, [notice, pathname]);

  if (!notice) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        color="orange"
        variant="light"
        role="alert"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setAuthNotice(null)}
      >
        {notice}
      </Alert>
    </Container>
  );
}
