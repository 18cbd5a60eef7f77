import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls the window to the top whenever the path changes (not on hash or query changes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
