import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The tab named by the location's hash ("#notifications" → "notifications"), or `fallback`
 * when the hash names none of `tabs`; and a setter that moves the hash, so that tabs can be
 * linked to, bookmarked and walked with the browser's back button.
 */
export function useHashTab<T extends string>(
  tabs: readonly T[],
  fallback: T,
): [value: T, setValue: (next: string | null) => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const wanted = safeDecode(hash.slice(1));
  const value = tabs.find((tab) => tab === wanted) ?? fallback;

  const setValue = useCallback(
    (next: string | null) => {
      if (!next || next === value) return;
      void navigate({ pathname, search, hash: `#${next}` });
    },
    [navigate, pathname, search, value],
  );
  return [value, setValue];
}
