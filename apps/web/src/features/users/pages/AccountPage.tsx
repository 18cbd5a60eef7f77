import { type ReactNode } from 'react';
import { type UserPrivate } from '@dynaloop/contract';
import { Anchor, Container, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HashTabs } from '../../../components/HashTabs';
import { QueryStatus } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCurrentUser } from '../../auth/api/current-user';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { userProfilePath } from '../../auth/paths';
import { ModelsTable } from '../components/ModelsTable';
import { ForksAndSnapshotsTab } from '../components/ForksAndSnapshotsTab';
import { NotificationsTab } from '../../notifications/components/NotificationsTab';
import { ProfileTab } from '../components/ProfileTab';
import { ProposalList } from '../../proposals/components/ProposalList';
import { StatsTab } from '../components/StatsTab';
import { TasksTab } from '../components/TasksTab';

export const ACCOUNT_TABS = [
  'profile',
  'notifications',
  'stats',
  'models',
  'forks-and-snapshots',
  'tasks',
  'admin_task_proposals',
] as const;
type AccountTab = (typeof ACCOUNT_TABS)[number];

interface TabDef {
  value: AccountTab;
  label: string;
  render: (user: UserPrivate) => ReactNode;
  adminOnly?: boolean;
}

const TABS: TabDef[] = [
  { value: 'profile', label: 'Profile', render: (user) => <ProfileTab user={user} /> },
  {
    value: 'notifications',
    label: 'Notifications',
    render: (user) => <NotificationsTab userId={user.id} />,
  },
  { value: 'stats', label: 'Stats & Badges', render: (user) => <StatsTab user={user} /> },
  { value: 'models', label: 'Models', render: (user) => <ModelsTable userId={user.id} /> },
  {
    value: 'forks-and-snapshots',
    label: 'Forks & Snapshots',
    render: (user) => <ForksAndSnapshotsTab userId={user.id} />,
  },
  { value: 'tasks', label: 'Tasks', render: (user) => <TasksTab userId={user.id} /> },
  {
    value: 'admin_task_proposals',
    label: 'Task proposals',
    adminOnly: true,
    render: () => <ProposalList scope="everyone" />,
  },
];

function AccountTabs({ user }: { user: UserPrivate }) {
  const tabs = TABS.filter((tab) => !tab.adminOnly || user.admin).map((tab) => ({
    value: tab.value,
    label: tab.label,
    content: tab.render(user),
  }));
  return <HashTabs tabs={tabs} fallback="profile" label="Account sections" />;
}

function Account() {
  const query = useCurrentUser();
  return (
    <Container size="lg" py="xl">
      <QueryStatus
        query={query}
        loadingLabel="Loading your account…"
        errorTitle="Your account could not be loaded"
      >
        {(user) => (
          <>
            <Group justify="space-between" align="baseline">
              <Title order={1}>Your account</Title>
              <Anchor component={Link} to={userProfilePath(user.id)} size="sm">
                View your public profile
              </Anchor>
            </Group>
            <AccountTabs user={user} />
          </>
        )}
      </QueryStatus>
    </Container>
  );
}

/** /account: profile, notifications, stats, models, forks and snapshots, tasks (hash tabs). */
export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <RequireLogin src="/account#profile">
      <Account />
    </RequireLogin>
  );
}
