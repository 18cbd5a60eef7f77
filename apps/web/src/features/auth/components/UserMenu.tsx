import { Avatar, Badge, Group, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../api/current-user';
import { userProfilePath } from '../paths';
import classes from './AccountNav.module.css';

export function unseenLabel(count: number): string {
  return `${String(count)} unseen notification${count === 1 ? '' : 's'}`;
}

/** The logged-in user's avatar menu, with the unseen notification count. */
export function UserMenu({ userId, tokenUsername }: { userId: number; tokenUsername: string }) {
  const { data: user } = useCurrentUser();
  const username = user?.username ?? tokenUsername;
  const unseen = user?.unseen_notifications ?? 0;
  const label = [`${username}: account menu`, unseen > 0 ? unseenLabel(unseen) : null]
    .filter(Boolean)
    .join(', ');

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={label}>
          <Group gap={8} wrap="nowrap">
            <Indicator
              label={unseen}
              size={18}
              maxValue={99}
              color="red"
              offset={4}
              disabled={unseen === 0}
            >
              <Avatar
                src={user?.avatar_url ?? null}
                alt=""
                name={username}
                color="initials"
                size={34}
              />
            </Indicator>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate="end">
              {username}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {username}</Menu.Label>
        <Menu.Item component={Link} to="/account#profile">
          Account
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/account#notifications"
          rightSection={
            unseen > 0 ? (
              <Badge size="sm" color="red" circle={unseen < 10} aria-label={unseenLabel(unseen)}>
                {unseen}
              </Badge>
            ) : null
          }
        >
          Notifications
        </Menu.Item>
        <Menu.Item component={Link} to={userProfilePath(userId)}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/generate_api_token">
          API token
        </Menu.Item>
        {user?.admin ? (
          <Menu.Item component={Link} to="/account#admin_task_proposals">
            Task proposals
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red">
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
