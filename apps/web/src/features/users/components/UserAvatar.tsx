import { Avatar } from '@mantine/core';

/** A user's avatar, or their initials when they have none. */
export function UserAvatar({
  user,
  size,
}: {
  user: { avatar_url: string | null; username: string };
  size: number;
}) {
  return (
    <Avatar
      src={user.avatar_url}
      alt={`Avatar of ${user.username}`}
      name={user.username}
      color="initials"
      size={size}
    />
  );
}
