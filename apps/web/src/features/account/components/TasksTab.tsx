import { useState } from 'react';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/ListPagination';
import { QueryStatus } from '../../../components/QueryStatus';
import { ownerConsolePath } from '../../tasks/page-paths';
import { taskPath } from '../../tasks/paths';
import { useUserList } from '../../users/api/users';
import { ProposalList } from './ProposalList';
import { ProposeTaskForm } from './ProposeTaskForm';

function OwnTasks({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.tasks;
  const query = useUserList(userId, 'tasks', page, size);
  return (
    <QueryStatus query={query} loadingLabel="Loading tasks…" errorTitle="Tasks could not be loaded">
      {({ count, data }) =>
        count === 0 ? (
          <Text c="dimmed">{MESSAGES.noDataFound}</Text>
        ) : (
          <>
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
            <ListPagination
              count={count}
              pageSize={size}
              page={page}
              onChange={setPage}
              label="Task pages"
            />
          </>
        )
      }
    </QueryStatus>
  );
}

/** #tasks: the tasks one owns, one's task proposals and a form to propose a new task. */
export function TasksTab({ userId }: { userId: number }) {
  return (
    <Stack gap="xl">
      <section aria-labelledby="own-tasks-title">
        <Title order={2} size="h3" id="own-tasks-title" mb="sm">
          Your Tasks
        </Title>
        <OwnTasks userId={userId} />
      </section>
      <section aria-labelledby="own-proposals-title">
        <Title order={2} size="h3" id="own-proposals-title" mb="sm">
          Your Proposals
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The tasks you proposed and what the admins decided.
        </Text>
        <ProposalList scope="own" />
      </section>
      <ProposeTaskForm />
    </Stack>
  );
}
