import { type UserWithBadges } from '@dynaloop/contract';
import { Anchor, Avatar, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useHashTab } from '../../../hooks/use-hash-tab';
import { isApiError } from '../../../lib/api';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { useAuth } from '../../auth/use-auth';
import { useUserWithBadges } from '../api/users';
import { BadgeList } from '../components/BadgeList';
import { ModelsTable } from '../components/ModelsTable';
import { UserStats } from '../components/UserStats';

const PROFILE_TABS = ['profile', 'models'] as const;

function ProfileHeader({ user, isOwn }: { user: UserWithBadges; isOwn: boolean }) {
  return (
    <Group gap="lg" align="center">
      <Avatar
        src={user.avatar_url}
        alt={`Avatar of ${user.username}`}
        name={user.username}
        color="initials"
        size={88}
      />
      <div>
        <Title order={1}>{user.username}</Title>
        {user.affiliation ? <Text c="dimmed">{user.affiliation}</Text> : null}
        {isOwn ? (
          <Anchor component={Link} to="/account#profile" size="sm">
            Edit your profile
          </Anchor>
        ) : null}
      </div>
    </Group>
  );
}

function Profile({ id }: { id: number }) {
  const { userId } = useAuth();
  const query = useUserWithBadges(id);
  const [tab, setTab] = useHashTab(PROFILE_TABS, 'profile');
  useDocumentTitle(query.data?.username ?? 'User');

  if (query.isPending) return <PageLoader label="Loading the profile…" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <Navigate to="/" replace />;
    return (
      <Container size="lg" py="xl">
        <ErrorAlert
          title="The profile could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Container>
    );
  }
  const user = query.data;
  return (
    <Container size="lg" py="xl">
      <ProfileHeader user={user} isOwn={user.id === userId} />
      <Tabs value={tab} onChange={setTab} keepMounted={false} mt="lg">
        <Tabs.List aria-label="Profile sections">
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="models">Models</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <Stack gap="xl">
            <section aria-labelledby="user-stats-title">
              <Title order={2} size="h3" id="user-stats-title" mb="sm">
                Statistics
              </Title>
              <UserStats user={user} />
            </section>
            <section aria-labelledby="user-badges-title">
              <Title order={2} size="h3" id="user-badges-title" mb="sm">
                Badges
              </Title>
              <BadgeList badges={user.badges} />
            </section>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="models" pt="lg">
          <ModelsTable userId={user.id} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

/** /users/:userId: someone's public profile (logged-in users only). */
export function UserProfilePage() {
  const { userId = '' } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(userId) ? Number(userId) : null;
  if (id === null) return <Navigate to="/" replace />;
  return (
    <RequireLogin src={`/users/${userId}`}>
      <Profile key={id} id={id} />
    </RequireLogin>
  );
}
