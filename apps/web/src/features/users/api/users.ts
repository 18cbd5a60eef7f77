import { type UserProfile, type UserWithBadges } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { type UserListKind, userKeys } from '../../auth/api/keys';

export interface Paged<T> {
  count: number;
  data: T[];
}

export interface UserModelItem {
  id: number;
  name: string;
  is_published: boolean;
  task: { id: number; task_code: string; name: string };
}

export interface UserTaskItem {
  id: number;
  task_code: string;
  name: string;
  desc: string | null;
  active: boolean;
}

export interface UserForkItem {
  name: string;
  desc: string | null;
  create_datetime: string;
  tid: number;
  task: { task_code: string };
}

interface UserListItems {
  models: UserModelItem;
  tasks: UserTaskItem;
  forks: UserForkItem;
  snapshots: UserForkItem;
}

const LIST_PATHS: Record<UserListKind, string> = {
  models: endpoints.userModels.path,
  tasks: endpoints.userTasks.path,
  forks: endpoints.userForks.path,
  snapshots: endpoints.userSnapshots.path,
};

/** GET /users/:id/badges: the user (every field for oneself) with their badges. */
export function useUserWithBadges(id: number) {
  return useQuery({
    queryKey: userKeys.badges(id),
    queryFn: ({ signal }) =>
      apiGet<UserWithBadges>(apiPath(endpoints.userBadges.path, { id }), { signal, auth: true }),
  });
}

/**
 * One page of a user's models, tasks, forks or snapshots. `page` counts from 1; the API's
 * `offset` is a page index from 0.
 */
export function useUserList<K extends UserListKind>(
  id: number,
  kind: K,
  page: number,
  size: number,
) {
  return useQuery({
    queryKey: userKeys.list(id, kind, page, size),
    queryFn: ({ signal }) =>
      apiGet<Paged<UserListItems[K]>>(
        `${apiPath(LIST_PATHS[kind], { id })}?limit=${String(size)}&offset=${String(page - 1)}`,
        { signal, auth: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export interface ProfileChanges {
  username?: string;
  realname?: string | null;
  affiliation?: string | null;
}

/** PUT /users/:id; the answer replaces the cached user, whose other queries are refreshed. */
export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      apiRequest<UserProfile>(apiPath(endpoints.updateUser.path, { id }), {
        method: 'PUT',
        body: changes,
        auth: true,
      }),
    onSuccess: async (profile) => {
      queryClient.setQueryData<UserProfile>(userKeys.detail(id), (old) =>
        old ? { ...old, ...profile } : profile,
      );
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}

/** POST /users/:id/avatar/upload as multipart (field `file`). */
export function useUploadAvatar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<{ avatar_url: string }>(apiPath(endpoints.uploadAvatar.path, { id }), {
        method: 'POST',
        body: form,
        auth: true,
      });
    },
    onSuccess: async ({ avatar_url }) => {
      queryClient.setQueryData<UserProfile>(userKeys.detail(id), (old) =>
        old ? { ...old, avatar_url } : old,
      );
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}

/** DELETE /users/:id with the password: the identity goes, submitted content stays. */
export function useDeleteAccount(id: number) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(apiPath(endpoints.deleteUser.path, { id }), {
        method: 'DELETE',
        body: { password },
        auth: true,
      }),
  });
}
