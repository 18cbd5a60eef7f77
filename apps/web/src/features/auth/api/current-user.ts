import { type UserPrivate } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { useAuth } from '../use-auth';
import { userKeys } from './keys';

/** GET /users/:id of the logged-in user (the id comes from the token); idle when logged out. */
export function useCurrentUser() {
  const { userId } = useAuth();
  return useQuery({
    queryKey: userKeys.detail(userId ?? 0),
    queryFn:
      userId === null
        ? skipToken
        : ({ signal }) =>
            apiGet<UserPrivate>(apiPath(endpoints.user.path, { id: userId }), {
              signal,
              auth: true,
            }),
  });
}
