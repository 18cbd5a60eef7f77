import { type TaskCard } from '@dynaloop/contract';
import { modelErrorRate } from '@dynaloop/contract/stats';
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { StatGrid, type Stat } from '../../../components/StatGrid';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { findTaskByCode, useTasks } from '../api/tasks';
import { taskPath } from '../paths';

const numberFormat = new Intl.NumberFormat('en-US');

function roundStats(task: TaskCard): Stat[] {
  const { round } = task;
  if (!round) return [];
  return [
    { label: 'Current round', value: round.cur_round },
    { label: 'Examples collected', value: numberFormat.format(round.total_collected) },
    { label: 'Fooled', value: numberFormat.format(round.total_fooled) },
    { label: 'Verified fooled', value: numberFormat.format(round.total_verified_fooled) },
    { label: 'Model error rate', value: `${modelErrorRate(round)}%` },
  ];
}

function TaskDetails({ task }: { task: TaskCard }) {
  const stats = roundStats(task);
  return (
    <Stack gap="lg">
      <div>
        <Group gap="xs" mb="xs">
          {task.round ? (
            <Badge variant="light" tt="none">
              Round {task.round.cur_round}
            </Badge>
          ) : (
            <Badge variant="light" color="gray" tt="none">
              No round yet
            </Badge>
          )}
          {task.official ? (
            <Badge variant="outline" color="teal" tt="none">
              Official
            </Badge>
          ) : null}
          {task.active ? null : (
            <Badge variant="outline" color="gray" tt="none">
              Inactive
            </Badge>
          )}
        </Group>
        <Title order={1}>{task.name}</Title>
        {task.desc ? (
          <Text size="lg" c="dimmed" mt="sm" maw={760}>
            {task.desc}
          </Text>
        ) : null}
      </div>

      <section aria-labelledby="round-stats-title">
        <Title order={2} size="h3" id="round-stats-title" mb="sm">
          Round statistics
        </Title>
        {stats.length > 0 ? (
          <StatGrid stats={stats} />
        ) : (
          <Text c="dimmed">This task has no round yet.</Text>
        )}
        {task.round?.longdesc ? (
          <Text mt="md" maw={760}>
            {task.round.longdesc}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" mt="md">
          Last updated {formatRelativeTime(task.last_updated)}.
        </Text>
      </section>
    </Stack>
  );
}

/** Minimal task page: name, description and the current round's statistics. */
export function TaskPage() {
  const { taskCode = '' } = useParams();
  const { data, error, isPending, isError, isFetching, refetch } = useTasks();
  const task = data ? findTaskByCode(data, taskCode) : undefined;
  useDocumentTitle(task?.name ?? 'Task');

  if (isPending) return <PageLoader label="Loading task…" />;
  if (isError && isApiError(error) && error.status === 404) return <Navigate to="/" replace />;
  if (isError) {
    return (
      <Container size="lg" py="xl">
        <ErrorAlert
          title="The task could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </Container>
    );
  }
  if (!task) return <Navigate to="/" replace />;
  if (task.task_code !== taskCode) return <Navigate to={taskPath(task.task_code)} replace />;

  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/" size="sm" mb="md" display="inline-block">
        <span aria-hidden="true">← </span>
        All tasks
      </Anchor>
      <TaskDetails task={task} />
    </Container>
  );
}
