import { type TaskCard as TaskCardData } from '@dynaloop/contract';
import { modelErrorRate } from '@dynaloop/contract/stats';
import { Badge, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { taskPath } from '../paths';
import classes from './TaskCard.module.css';

const numberFormat = new Intl.NumberFormat('en-US');

interface TaskCardProps {
  task: TaskCardData;
  /** The time "last updated" is relative to (tests pin it). */
  now?: number;
}

/** One task on the home page; the whole card links to the task page. */
export function TaskCard({ task, now }: TaskCardProps) {
  const { round } = task;
  const titleId = `task-card-${String(task.id)}`;
  return (
    <Card
      withBorder
      padding="lg"
      className={classes.card}
      component="article"
      aria-labelledby={titleId}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} size="h4" id={titleId}>
          <Link to={taskPath(task.task_code)} className={classes.link}>
            {task.name}
          </Link>
        </Title>
        <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
          {round ? `Round ${String(round.cur_round)}` : 'No round yet'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={3} className={classes.description}>
        {task.desc ?? ''}
      </Text>
      <dl className={classes.stats}>
        <div>
          <dt>Examples collected</dt>
          <dd>{numberFormat.format(round?.total_collected ?? 0)}</dd>
        </div>
        <div>
          <dt>Model error rate</dt>
          <dd>{round ? modelErrorRate(round) : '0.00'}%</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>
            {task.last_updated ? (
              <time dateTime={task.last_updated} title={new Date(task.last_updated).toUTCString()}>
                {formatRelativeTime(task.last_updated, now)}
              </time>
            ) : (
              formatRelativeTime(null)
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Placeholder with the shape of a TaskCard, shown while tasks load. */
export function TaskCardSkeleton() {
  return (
    <Card withBorder padding="lg" className={classes.card} aria-hidden="true">
      <Group justify="space-between" wrap="nowrap">
        <Skeleton height={20} width="60%" />
        <Skeleton height={18} width={64} radius="xl" />
      </Group>
      <Skeleton height={10} mt="xs" />
      <Skeleton height={10} />
      <Skeleton height={10} width="70%" />
      <Skeleton height={28} mt="sm" />
    </Card>
  );
}
