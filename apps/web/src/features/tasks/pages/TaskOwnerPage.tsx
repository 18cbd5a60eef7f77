import { type ReactNode } from 'react';
import { type TaskDetail } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Anchor, Badge, Container, Group, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { HashTabs } from '../../../components/HashTabs';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { loginPath } from '../../auth/paths';
import { useIsTaskAdmin } from '../api/get-admin-or-owner';
import { useTask } from '../api/get-task';
import { ownerConsolePath } from '../page-paths';
import { taskPath } from '../paths';
import { AdvancedSection } from '../components/AdvancedSection';
import { DatasetsSection } from '../../datasets/components/DatasetsSection';
import { ModelsSection } from '../../models-in-the-loop/components/ModelsSection';
import { OwnersSection } from '../../task-owners/components/OwnersSection';
import { RoundsSection } from '../../rounds/components/RoundsSection';
import { SettingsSection } from '../components/SettingsSection';

export const OWNER_SECTIONS = [
  'settings',
  'advanced',
  'owners',
  'rounds',
  'models',
  'datasets',
] as const;
type OwnerSection = (typeof OWNER_SECTIONS)[number];

interface SectionDef {
  value: OwnerSection;
  label: string;
  render: (task: TaskDetail) => ReactNode;
  /** Shown only once the task is active ("Activate this task first." before). */
  needsActive?: boolean;
}

const SECTIONS: SectionDef[] = [
  { value: 'settings', label: 'Settings', render: (task) => <SettingsSection task={task} /> },
  { value: 'advanced', label: 'Advanced', render: (task) => <AdvancedSection task={task} /> },
  {
    value: 'owners',
    label: 'Owners',
    needsActive: true,
    render: (task) => <OwnersSection task={task} />,
  },
  {
    value: 'rounds',
    label: 'Rounds',
    needsActive: true,
    render: (task) => <RoundsSection task={task} />,
  },
  {
    value: 'models',
    label: 'Models',
    needsActive: true,
    render: (task) => <ModelsSection task={task} />,
  },
  {
    value: 'datasets',
    label: 'Datasets',
    needsActive: true,
    render: (task) => <DatasetsSection task={task} />,
  },
];

function OwnerTabs({ task }: { task: TaskDetail }) {
  const tabs = SECTIONS.map((s) => ({
    value: s.value,
    label: s.label,
    content:
      s.needsActive && !task.active ? <Text>{MESSAGES.activateTaskFirst}</Text> : s.render(task),
  }));
  return <HashTabs tabs={tabs} fallback="settings" label="Owner console sections" />;
}

function Console({ taskCode }: { taskCode: string }) {
  const { hash } = useLocation();
  const taskQuery = useTask(taskCode);
  const task = taskQuery.data;
  const access = useIsTaskAdmin(task?.id);
  const src = ownerConsolePath(taskCode);
  useDocumentTitle(task ? `${task.name} · Owner console` : 'Owner console');

  if (taskQuery.isError) {
    // A hidden task answers 404 to whoever may not administer it.
    if (isApiError(taskQuery.error) && [403, 404, 405].includes(taskQuery.error.status)) {
      return <Navigate to={loginPath({ msg: MESSAGES.notTaskOwner, src })} replace />;
    }
    return <QueryErrorAlert title="The task could not be loaded" query={taskQuery} />;
  }
  if (access.isError) {
    return <QueryErrorAlert title="Your rights on this task could not be checked" query={access} />;
  }
  if (!task || access.isPending) return <PageLoader label="Loading the owner console…" />;
  if (!access.isAdmin) {
    return <Navigate to={loginPath({ msg: MESSAGES.notTaskOwner, src })} replace />;
  }
  if (task.task_code !== taskCode) {
    return <Navigate to={`${ownerConsolePath(task.task_code)}${hash}`} replace />;
  }

  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            Task owner console
          </Text>
          <Group gap="xs">
            <Title order={1}>{task.name}</Title>
            <Badge variant="light" color={task.active ? 'teal' : 'gray'} tt="none">
              {task.active ? 'Active' : 'Not active'}
            </Badge>
          </Group>
        </div>
        <Anchor component={Link} to={taskPath(task.task_code)} size="sm">
          View the task page
        </Anchor>
      </Group>
      <OwnerTabs task={task} />
    </>
  );
}

/** /task-owner-interface/:taskCode: settings, configuration, owners, rounds, models, datasets. */
export function TaskOwnerPage() {
  const { taskCode = '' } = useParams();
  return (
    <RequireLogin src={ownerConsolePath(taskCode)}>
      <Container size="lg" py="xl">
        <Console taskCode={taskCode} />
      </Container>
    </RequireLogin>
  );
}
