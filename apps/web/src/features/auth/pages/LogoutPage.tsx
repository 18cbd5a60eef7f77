import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { logout } from '../api/logout';

/** Revokes the refresh cookie, forgets the token and the user's cached data, goes home. */
export function LogoutPage() {
  useDocumentTitle('Log out');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout(queryClient).then(() => navigate('/', { replace: true }));
  }, [navigate, queryClient]);

  return <PageLoader label="Logging out…" />;
}
