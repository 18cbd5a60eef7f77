import { lazy, Suspense } from 'react';
import { Button, Group, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../use-auth';

// The menu (Popover, floating-ui, transitions) is downloaded only by logged-in users, so that
// the home page of a visitor stays small.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

/** Navbar end: "Log in" and "Sign up" when logged out, the user's avatar menu when logged in. */
export function AccountNav() {
  const { isLoggedIn, userId, username } = useAuth();
  if (!isLoggedIn || userId === null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="subtle" size="sm">
          Log in
        </Button>
        <Button component={Link} to="/register" size="sm">
          Sign up
        </Button>
      </Group>
    );
  }
  return (
    <Suspense fallback={<Skeleton circle height={34} />}>
      <UserMenu key={userId} userId={userId} tokenUsername={username ?? ''} />
    </Suspense>
  );
}
