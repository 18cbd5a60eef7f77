import { type QueryClient } from '@tanstack/react-query';

export type UserListKind = 'models' | 'tasks' | 'forks' | 'snapshots';

/** Query keys of data that belongs to the logged-in user (or depends on who is looking). */
export const userKeys = {
  all: ['users'] as const,
  /** GET /users/:id; the current user is `detail(own id)`, shared by the navbar and pages. */
  detail: (id: number) => [...userKeys.all, id] as const,
  badges: (id: number) => [...userKeys.detail(id), 'badges'] as const,
  list: (id: number, kind: UserListKind, page: number, size: number) =>
    [...userKeys.detail(id), kind, page, size] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, size: number) => [...notificationKeys.all, page, size] as const,
};

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

export const proposalKeys = {
  all: ['task-proposals'] as const,
  own: (page: number, size: number) => [...proposalKeys.all, 'user', page, size] as const,
  everyone: (page: number, size: number) => [...proposalKeys.all, 'all', page, size] as const,
};

/** Forgets every cached answer that belongs to the user (logout, session expiry, new login). */
export function clearUserData(queryClient: QueryClient): void {
  for (const queryKey of [userKeys.all, notificationKeys.all, apiTokenKeys.all, proposalKeys.all]) {
    queryClient.removeQueries({ queryKey });
  }
}
