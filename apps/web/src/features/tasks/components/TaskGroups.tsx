import { type TaskCard as TaskCardData } from '@dynaloop/contract';
import { CHALLENGE_GROUPS } from '@dynaloop/contract/constants';
import { Anchor, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TaskCard, TaskCardSkeleton } from './TaskCard';

export interface TaskGroup {
  title: string;
  href: string;
  tasks: TaskCardData[];
}

/** Tasks under the home page groups, in the groups' order; groups without tasks are left out. */
export function groupTasks(tasks: readonly TaskCardData[]): TaskGroup[] {
  return CHALLENGE_GROUPS.map((group) => ({
    title: group.title,
    href: group.href,
    tasks: tasks.filter((task) => task.challenge_type === group.challengeType),
  })).filter((group) => group.tasks.length > 0);
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

export function TaskGroups({ groups }: { groups: TaskGroup[] }) {
  return (
    <Stack gap={48}>
      {groups.map((group) => {
        const headingId = `task-group-${slug(group.title)}`;
        return (
          <section key={group.title} aria-labelledby={headingId}>
            <Title order={2} id={headingId} mb="md">
              <Anchor component={Link} to={group.href} inherit c="inherit">
                {group.title}
              </Anchor>
            </Title>
            <SimpleGrid cols={GRID_COLS} spacing="lg">
              {group.tasks.map((task) => (
                <TaskCard key={task.id} task={task} />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}

export function TaskGroupsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg">
      {Array.from({ length: count }, (_, index) => (
        <TaskCardSkeleton key={index} />
      ))}
    </SimpleGrid>
  );
}
