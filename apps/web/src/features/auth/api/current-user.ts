import { type UserPrivate, type UserProfile } from '@dynaloop/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../users/api/get-user';
import { useAuth } from '../use-auth';

/** One's own profile carries the private fields; any other answer is an error, not a guess. */
function ownProfile(user: UserProfile): UserPrivate {
  if ('email' in user) return user;
  throw new Error('The server sent a public profile for the logged-in user');
}

/** GET /users/:id of the logged-in user (the id comes from the token); idle when logged out. */
export function useCurrentUser() {
  const { userId } = useAuth();
  const options = getUserQueryOptions(userId ?? 0);
  return useQuery({
    ...options,
    queryFn: userId === null ? skipToken : options.queryFn,
    select: ownProfile,
  });
}
