import { type UserWithBadges } from '@dynaloop/contract';
import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { HashTabs } from '../../../components/HashTabs';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { useAuth } from '../../auth/use-auth';
import { useUserWithBadges } from '../api/get-user-badges';
import { BadgeList } from '../components/BadgeList';
import { ModelsTable } from '../components/ModelsTable';
import { UserAvatar } from '../components/UserAvatar';
import { StatsAndBadges } from '../components/UserStats';

function ProfileHeader({ user, isOwn }: { user: UserWithBadges; isOwn: boolean }) {
  return (
    <Group gap="lg" align="center">
      <UserAvatar user={user} size={88} />
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
  useDocumentTitle(query.data?.username ?? 'User');

  if (query.isPending) return <PageLoader label="Loading the profile…" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <Navigate to="/" replace />;
    return (
      <Container size="lg" py="xl">
        <QueryErrorAlert title="The profile could not be loaded" query={query} />
      </Container>
    );
  }
  const user = query.data;
  return (
    <Container size="lg" py="xl">
      <ProfileHeader user={user} isOwn={user.id === userId} />
      <HashTabs
        tabs={[
          {
            value: 'profile',
            label: 'Profile',
            content: (
              <StatsAndBadges
                user={user}
                idPrefix="user-"
                badges={<BadgeList badges={user.badges} />}
              />
            ),
          },
          { value: 'models', label: 'Models', content: <ModelsTable userId={user.id} /> },
        ]}
        fallback="profile"
        label="Profile sections"
      />
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
