import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /platform/settings: feature flags (e.g. whether registration needs an invite code). */
export function getPlatformSettings(signal?: AbortSignal) {
  return callApi('platformSettings', { signal });
}

export function getPlatformSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['platform', 'settings'],
    queryFn: ({ signal }) => getPlatformSettings(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlatformSettings() {
  return useQuery(getPlatformSettingsQueryOptions());
}
