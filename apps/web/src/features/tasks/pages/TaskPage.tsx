import { type TaskDetail } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { UserLeaderboard } from '../../leaderboards/components/UserLeaderboard';
import { AgreementCard } from '../../leaderboards/components/AgreementCard';
import { useIsTaskAdmin } from '../api/get-admin-or-owner';
import { useTask } from '../api/get-task';
import { GearIcon } from '../components/GearIcon';
import { RoundStats } from '../../rounds/components/RoundStats';
import { TaskActions } from '../components/TaskActions';
import { TitledSection } from '../../../components/TitledSection';
import { ownerConsolePath, taskRoundPath } from '../page-paths';
import { taskPath } from '../paths';

function TaskHeader({ task }: { task: TaskDetail }) {
  const { isAdmin } = useIsTaskAdmin(task.id);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Group gap="xs" mb="xs">
          {task.cur_round > 0 ? (
            <Badge variant="light" tt="none">
              Round {task.cur_round}
            </Badge>
          ) : null}
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
          {task.hidden ? (
            <Badge variant="outline" color="gray" tt="none">
              Hidden
            </Badge>
          ) : null}
        </Group>
        <Title order={1}>{task.name}</Title>
        {task.desc ? (
          <Text size="lg" c="dimmed" mt="sm" maw={760}>
            {task.desc}
          </Text>
        ) : null}
      </div>
      {isAdmin ? (
        <ActionIcon
          component={Link}
          to={ownerConsolePath(task.task_code)}
          variant="default"
          size="lg"
          aria-label="Task settings"
          title="Task settings"
        >
          <GearIcon />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

function UserLeaderboardSection({ task, round }: { task: TaskDetail; round: number | null }) {
  return (
    <TitledSection id="user-leaderboard-title" title="User leaderboard" size="h3" mb={4}>
      <Text size="sm" c="dimmed" mb="sm">
        {round === null ? 'All rounds' : `Round ${String(round)}`}: contributors by examples
        verified as fooling the model.
      </Text>
      {/* Keyed by round: another round starts again at its first page. */}
      <UserLeaderboard key={round ?? 'overall'} taskId={task.id} round={round} />
    </TitledSection>
  );
}

function TaskDetails({ task, round }: { task: TaskDetail; round: number | null }) {
  const { isAdmin } = useIsTaskAdmin(task.id);
  return (
    <Stack gap="lg">
      <TaskHeader task={task} />
      {task.active ? (
        <TaskActions task={task} />
      ) : (
        <Alert color="yellow" variant="light" role="status">
          {MESSAGES.taskNotActive}
        </Alert>
      )}
      <TitledSection id="round-stats-title" title="Round statistics" size="h3">
        <RoundStats task={task} round={round} />
        {task.last_updated ? (
          <Text size="sm" c="dimmed" mt="md">
            Last updated {formatRelativeTime(task.last_updated)}.
          </Text>
        ) : null}
      </TitledSection>
      {isAdmin && round !== null ? <AgreementCard taskId={task.id} round={round} /> : null}
      {task.active && task.show_user_leaderboard ? (
        <UserLeaderboardSection task={task} round={round} />
      ) : null}
      {/* Model leaderboards and trends arrive with their own issue. */}
    </Stack>
  );
}

/** The round number of the URL: null for overall, NaN when it names no round. */
function roundOf(roundId: string | undefined): number | null {
  if (roundId === undefined) return null;
  return /^[1-9]\d{0,5}$/.test(roundId) ? Number(roundId) : Number.NaN;
}

/** /tasks/:taskCode and /tasks/:taskCode/round/:roundId: a task, its rounds and its actions. */
export function TaskPage() {
  const { taskCode = '', roundId } = useParams();
  const query = useTask(taskCode);
  useDocumentTitle(query.data?.name ?? 'Task');

  if (query.isPending) return <PageLoader label="Loading task…" />;
  if (query.isError) {
    const { error } = query;
    if (isApiError(error) && (error.status === 404 || error.status === 405)) {
      return <Navigate to="/" replace />;
    }
    return (
      <Container size="lg" py="xl">
        <QueryErrorAlert title="The task could not be loaded" query={query} />
      </Container>
    );
  }
  const task = query.data;

  const round = roundOf(roundId);
  if (round !== null && !(round <= task.cur_round)) {
    return <Navigate to={taskPath(task.task_code)} replace />;
  }
  if (task.task_code !== taskCode) {
    const canonical =
      round === null ? taskPath(task.task_code) : taskRoundPath(task.task_code, round);
    return <Navigate to={canonical} replace />;
  }

  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/" size="sm" mb="md" display="inline-block">
        <span aria-hidden="true">← </span>
        All tasks
      </Anchor>
      <TaskDetails task={task} round={round} />
    </Container>
  );
}
