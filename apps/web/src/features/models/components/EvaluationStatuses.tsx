import { type ModelEvaluationStatus } from '@dynaloop/contract';
import { Badge, Table, Text } from '@mantine/core';

const STATUS: Record<string, { label: string; color: string }> = {
  pre_evaluation: { label: 'Waiting', color: 'gray' },
  evaluating: { label: 'Evaluating', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

function eta(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return `about ${String(Math.max(1, seconds))} s`;
  return `about ${String(Math.round(seconds / 60))} min`;
}

/** The evaluation of each dataset: its state, place in the queue and ETA, or why it failed. */
export function EvaluationStatuses({ statuses }: { statuses: ModelEvaluationStatus[] }) {
  if (statuses.length === 0) return null;
  return (
    <Table aria-label="Evaluation statuses" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Dataset</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statuses.map((s) => {
          const status = STATUS[s.evaluation_status] ?? { label: 'Unknown', color: 'yellow' };
          return (
            <Table.Tr key={s.dataset_id} data-testid={`evaluation-${s.dataset_name}`}>
              <Table.Td>{s.dataset_name}</Table.Td>
              <Table.Td>
                <Badge color={status.color} variant="light" tt="none">
                  {status.label}
                </Badge>
              </Table.Td>
              <Table.Td>
                {s.evaluation_status === 'pre_evaluation' && s.queue_position !== null ? (
                  <Text size="sm">
                    Position {s.queue_position} in the queue
                    {s.eta_seconds !== null ? `, done in ${eta(s.eta_seconds)}` : ''}
                  </Text>
                ) : null}
                {s.evaluation_status === 'evaluating' ? (
                  <Text size="sm">
                    Attempt {s.attempts}
                    {s.eta_seconds !== null ? `, done in ${eta(s.eta_seconds)}` : ''}
                  </Text>
                ) : null}
                {s.evaluation_status === 'failed' && s.message ? (
                  <Text size="sm" c="red">
                    {s.message}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
