import { useEffect } from 'react';

export const APP_NAME = 'Dynaloop';

/** "About" → "About · Dynaloop"; no title → "Dynaloop". */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets document.title while the calling page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
