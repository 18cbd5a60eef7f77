import { type TaskDetail } from '@dynaloop/contract';
import { modelErrorRate } from '@dynaloop/contract/stats';
import { Box, Tabs, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorAlert, QueryErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { StatGrid, type Stat } from '../../../components/StatGrid';
import { useTaskRound, useTaskRounds } from '../api/get-task-round';
import { taskRoundPath } from '../../tasks/page-paths';
import { taskPath } from '../../tasks/paths';

const numberFormat = new Intl.NumberFormat('en-US');

interface Totals {
  total_collected: number;
  total_fooled: number;
  total_verified_fooled: number;
}

function statsOf(totals: Totals): Stat[] {
  return [
    { label: 'Examples collected', value: numberFormat.format(totals.total_collected) },
    { label: 'Fooled', value: numberFormat.format(totals.total_fooled) },
    { label: 'Verified fooled', value: numberFormat.format(totals.total_verified_fooled) },
    { label: 'Model error rate', value: `${modelErrorRate(totals)}%` },
  ];
}

function OverallStats({ task }: { task: TaskDetail }) {
  const rounds = useTaskRounds(task.task_code, task.cur_round);
  const failed = rounds.find((round) => round.isError);
  if (failed) {
    return (
      <ErrorAlert
        title="The round statistics could not be loaded"
        error={failed.error}
        onRetry={() => rounds.forEach((round) => void round.refetch())}
        retrying={rounds.some((round) => round.isFetching)}
      />
    );
  }
  if (rounds.some((round) => round.isPending)) {
    return <PageLoader label="Loading round statistics…" />;
  }
  const totals = rounds.reduce<Totals>(
    (sum, { data }) => ({
      total_collected: sum.total_collected + (data?.total_collected ?? 0),
      total_fooled: sum.total_fooled + (data?.total_fooled ?? 0),
      total_verified_fooled: sum.total_verified_fooled + (data?.total_verified_fooled ?? 0),
    }),
    { total_collected: 0, total_fooled: 0, total_verified_fooled: 0 },
  );
  return (
    <StatGrid
      stats={[
        { label: 'Current round', value: task.cur_round > 0 ? task.cur_round : '—' },
        ...statsOf(totals),
      ]}
    />
  );
}

function OneRoundStats({ task, round }: { task: TaskDetail; round: number }) {
  const query = useTaskRound(task.task_code, round);
  if (query.isPending) return <PageLoader label={`Loading round ${String(round)}…`} />;
  if (query.isError) {
    return <QueryErrorAlert title={`Round ${String(round)} could not be loaded`} query={query} />;
  }
  return (
    <>
      <StatGrid stats={statsOf(query.data)} />
      {query.data.longdesc ? (
        <Text mt="md" maw={760} style={{ whiteSpace: 'pre-line' }}>
          {query.data.longdesc}
        </Text>
      ) : null}
    </>
  );
}

export const OVERALL = 'overall';

function roundLabel(round: number, current: number): string {
  return round === current ? `Round ${String(round)} (active)` : `Round ${String(round)}`;
}

/**
 * "Overall" and each round 1..cur_round as tabs; the selection lives in the URL
 * (/tasks/{code} for overall, /tasks/{code}/round/{n} for a round).
 */
export function RoundStats({ task, round }: { task: TaskDetail; round: number | null }) {
  const navigate = useNavigate();
  const rounds = Array.from({ length: task.cur_round }, (_, index) => index + 1);
  const selected = round === null ? OVERALL : String(round);

  function select(value: string | null) {
    if (!value || value === selected) return;
    void navigate(
      value === OVERALL ? taskPath(task.task_code) : taskRoundPath(task.task_code, Number(value)),
    );
  }

  if (rounds.length === 0) return <Text c="dimmed">This task has no round yet.</Text>;
  return (
    <Tabs value={selected} onChange={select} keepMounted={false} variant="pills">
      <Tabs.List aria-label="Rounds">
        <Tabs.Tab value={OVERALL}>Overall</Tabs.Tab>
        {rounds.map((n) => (
          <Tabs.Tab
            key={n}
            value={String(n)}
            color={n === task.cur_round ? 'teal' : undefined}
            fw={n === task.cur_round ? 700 : undefined}
            leftSection={
              n === task.cur_round ? (
                <Box
                  component="span"
                  w={8}
                  h={8}
                  bg="teal.6"
                  display="inline-block"
                  style={{ borderRadius: '50%' }}
                  aria-hidden="true"
                />
              ) : undefined
            }
          >
            {roundLabel(n, task.cur_round)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={OVERALL} pt="md">
        <OverallStats task={task} />
      </Tabs.Panel>
      {rounds.map((n) => (
        <Tabs.Panel key={n} value={String(n)} pt="md">
          <OneRoundStats task={task} round={n} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
