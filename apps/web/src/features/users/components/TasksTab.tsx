import { useState } from 'react';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PagedQuery } from '../../../components/PagedQuery';
import { TitledSection } from '../../../components/TitledSection';
import { ownerConsolePath } from '../../tasks/page-paths';
import { taskPath } from '../../tasks/paths';
import { useUserTasks } from '../api/get-user-tasks';
import { ProposalList } from '../../proposals/components/ProposalList';
import { ProposeTaskForm } from '../../proposals/components/ProposeTaskForm';

function OwnTasks({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.tasks;
  const query = useUserTasks(userId, page, size);
  return (
    <PagedQuery
      query={query}
      loadingLabel="Loading tasks…"
      errorTitle="Tasks could not be loaded"
      page={page}
      pageSize={size}
      onPageChange={setPage}
      pagesLabel="Task pages"
    >
      {(data) => (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.map((task) => (
            <li key={task.id}>
              <Group gap="xs">
                <Anchor component={Link} to={taskPath(task.task_code)} fw={500}>
                  {task.name}
                </Anchor>
                {task.active ? null : (
                  <Badge size="sm" variant="outline" color="gray" tt="none">
                    Inactive
                  </Badge>
                )}
                <Anchor
                  component={Link}
                  to={ownerConsolePath(task.task_code)}
                  size="sm"
                  aria-label={`Owner console of ${task.name}`}
                >
                  Owner console
                </Anchor>
              </Group>
              {task.desc ? (
                <Text size="sm" c="dimmed">
                  {task.desc}
                </Text>
              ) : null}
            </li>
          ))}
        </Stack>
      )}
    </PagedQuery>
  );
}

/** #tasks: the tasks one owns, one's task proposals and a form to propose a new task. */
export function TasksTab({ userId }: { userId: number }) {
  return (
    <Stack gap="xl">
      <TitledSection id="own-tasks-title" title="Your Tasks" size="h3">
        <OwnTasks userId={userId} />
      </TitledSection>
      <TitledSection id="own-proposals-title" title="Your Proposals" size="h3">
        <Text size="sm" c="dimmed" mb="sm">
          The tasks you proposed and what the admins decided.
        </Text>
        <ProposalList scope="own" />
      </TitledSection>
      <ProposeTaskForm />
    </Stack>
  );
}
