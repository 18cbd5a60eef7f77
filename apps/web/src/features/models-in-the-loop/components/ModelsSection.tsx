import { useState } from 'react';
import { type RoundDetail, type TaskDetail, type TaskModel } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { TitledSection } from '../../../components/TitledSection';
import { useAllRounds } from '../../rounds/api/rounds';
import { useLoopEligibleModels, useSetModelsInTheLoop, useTaskModels } from '../api/task-models';
import { RegisterRemoteModel, RemoteModelActions } from '../../models/components/RemoteModels';

function ModelsTable({ task, models }: { task: TaskDetail; models: TaskModel[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Models of this task">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Model</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Published</Table.Th>
            <Table.Th>Deployment</Table.Th>
            <Table.Th>In the loop of rounds</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {models.map((model) => (
            <Table.Tr key={model.id}>
              <Table.Td>
                {model.name}
                {model.kind === 'remote' && model.light_model ? (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {model.light_model}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{KIND_LABELS[model.kind]}</Table.Td>
              <Table.Td>{model.username ?? 'Anonymous'}</Table.Td>
              <Table.Td>{model.is_published ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={model.deployment_status === 'deployed' ? 'teal' : 'gray'}
                  tt="none"
                >
                  {model.deployment_status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {model.rounds_in_the_loop.length > 0 ? model.rounds_in_the_loop.join(', ') : '—'}
              </Table.Td>
              <Table.Td>
                {model.kind === 'remote' ? <RemoteModelActions task={task} model={model} /> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const KIND_LABELS: Record<TaskModel['kind'], string> = {
  builtin: 'Built-in',
  uploaded: 'Uploaded',
  remote: 'Remote endpoint',
  predictions: 'Predictions',
  train_files: 'Training selection',
};

function selectedFor(round: RoundDetail, eligible: TaskModel[]): string[] {
  return eligible
    .filter((model) => model.rounds_in_the_loop.includes(round.rid))
    .map((model) => String(model.id));
}

function RoundLoop({
  task,
  round,
  eligible,
}: {
  task: TaskDetail;
  round: RoundDetail;
  eligible: TaskModel[];
}) {
  const loaded = selectedFor(round, eligible);
  const [value, setValue] = useState<string[]>(loaded);
  const save = useSetModelsInTheLoop(task.id);
  const [saved, setSaved] = useState(false);
  const changed = value.length !== loaded.length || value.some((id) => !loaded.includes(id));

  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="sm">
        <MultiSelect
          label={`Models in the loop of round ${String(round.rid)}`}
          data={eligible.map((model) => ({ value: String(model.id), label: model.name }))}
          value={value}
          onChange={(next) => {
            setValue(next);
            setSaved(false);
            if (!save.isIdle) save.reset();
          }}
          placeholder={value.length === 0 ? 'No model' : undefined}
          searchable
          clearable
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button
          onClick={() =>
            save.mutate(
              { rid: round.rid, modelIds: value.map(Number) },
              { onSuccess: () => setSaved(true) },
            )
          }
          disabled={!changed}
          loading={save.isPending}
        >
          Save round {round.rid}
        </Button>
      </Group>
      {save.isError ? (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {save.error.message}
        </Alert>
      ) : null}
      {saved && !changed ? (
        <Text size="sm" c="teal.8" role="status" mt="xs">
          The models in the loop of round {round.rid} were saved.
        </Text>
      ) : null}
    </Paper>
  );
}

/** #models: the task's models, and which published, deployed ones each round puts in the loop. */
export function ModelsSection({ task }: { task: TaskDetail }) {
  const models = useTaskModels(task.id);
  const eligible = useLoopEligibleModels(task.id);
  const rounds = useAllRounds(task.id);
  const failed = [models, eligible, rounds].find((query) => query.isError);

  if (failed) {
    return (
      <ErrorAlert
        title="The models could not be loaded"
        error={failed.error}
        onRetry={() => [models, eligible, rounds].forEach((query) => void query.refetch())}
      />
    );
  }
  if (!models.data || !eligible.data || !rounds.data) {
    return <PageLoader label="Loading models…" />;
  }
  const eligibleModels = eligible.data;
  return (
    <Stack gap="xl">
      <TitledSection id="task-models-title" title="Models" size="h4">
        <Stack gap="md">
          {models.data.length === 0 ? (
            <Text c="dimmed">{MESSAGES.noDataFound}</Text>
          ) : (
            <ModelsTable task={task} models={models.data} />
          )}
          <RegisterRemoteModel task={task} />
        </Stack>
      </TitledSection>
      <TitledSection id="loop-title" title="Models in the loop" size="h4" mb="xs">
        <Text size="sm" c="dimmed" mb="sm">
          Annotators try to fool the models in the loop of the current round. Only published,
          deployed models can be chosen.
        </Text>
        {eligibleModels.length === 0 ? (
          <Text c="dimmed">No model of this task is published and deployed yet.</Text>
        ) : (
          <Stack gap="sm">
            {[...rounds.data]
              .sort((a, b) => b.rid - a.rid)
              .map((round) => (
                <RoundLoop key={round.id} task={task} round={round} eligible={eligibleModels} />
              ))}
          </Stack>
        )}
      </TitledSection>
    </Stack>
  );
}
