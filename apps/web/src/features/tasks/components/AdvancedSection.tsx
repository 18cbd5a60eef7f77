import { useDeferredValue, useMemo, useState } from 'react';
import { type TaskDetail } from '@dynaloop/contract';
import { parseTaskConfig } from '@dynaloop/contract/task-config';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useActivateTask, useUpdateTask } from '../api/update-task';
import { ConfirmModal } from '../../../components/ConfirmModal';
import {
  configDetailText,
  configProblemText,
  ProblemList,
  ServerProblems,
} from '../../../components/ServerProblems';

function ConfigCheck({ yaml }: { yaml: string }) {
  const result = useMemo(() => parseTaskConfig(yaml), [yaml]);
  if (result.ok) {
    return (
      <Text size="sm" c="teal.8" role="status">
        The configuration is valid.
      </Text>
    );
  }
  const count = result.problems.length;
  return (
    <Alert
      color="red"
      variant="light"
      role="status"
      title={`The configuration has ${String(count)} ${count === 1 ? 'problem' : 'problems'}`}
    >
      <ProblemList items={result.problems.map(configProblemText)} label="Configuration problems" />
    </Alert>
  );
}

/**
 * #advanced: the task configuration in YAML, checked as it is typed. An inactive task is
 * activated from here; once active, only the aggregation weights may change.
 */
export function AdvancedSection({ task }: { task: TaskDetail }) {
  const [yaml, setYaml] = useState(task.config_yaml);
  const checked = useDeferredValue(yaml);
  const valid = useMemo(() => parseTaskConfig(yaml).ok, [yaml]);
  const update = useUpdateTask(task.id);
  const activate = useActivateTask(task.id);
  const [confirming, { open, close }] = useDisclosure(false);
  const [notice, setNotice] = useState<string | null>(null);
  const changed = yaml !== task.config_yaml;

  function edit(value: string) {
    setYaml(value);
    setNotice(null);
    if (!update.isIdle) update.reset();
  }

  function save() {
    update.mutate(
      { config_yaml: yaml },
      { onSuccess: () => setNotice('The configuration was saved.') },
    );
  }

  function dismiss() {
    close();
    activate.reset();
  }

  function confirmActivation() {
    activate.mutate(yaml, {
      onSuccess: () => {
        close();
        setNotice('The task is active.');
      },
    });
  }

  return (
    <Stack gap="md" maw={860}>
      <Text size="sm" c="dimmed">
        {task.active
          ? 'This task is active: its configuration is locked except for the aggregation weights (aggregation_metric).'
          : 'Describe the task: its context, input and output fields and how models are scored. Activate the task once the configuration is complete.'}
      </Text>
      <Textarea
        label="Task configuration (YAML)"
        autosize
        minRows={12}
        maxRows={40}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        value={yaml}
        onChange={(event) => edit(event.currentTarget.value)}
      />
      <ConfigCheck yaml={checked} />
      {update.isError ? (
        <ServerProblems
          error={update.error}
          title="The configuration could not be saved"
          format={configDetailText}
        />
      ) : null}
      {notice ? (
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
      ) : null}
      <Group>
        {task.active ? null : (
          <Button onClick={open} disabled={!valid}>
            Activate task
          </Button>
        )}
        <Button
          variant={task.active ? 'filled' : 'default'}
          onClick={save}
          disabled={!valid || !changed}
          loading={update.isPending}
        >
          Save configuration
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={`Activate ${task.name}?`}
        confirmLabel="Activate"
        onConfirm={confirmActivation}
        onClose={dismiss}
        loading={activate.isPending}
      >
        <Text size="sm">
          Activating sets this configuration and opens the task: it becomes visible to everyone and
          annotators can start creating examples.
        </Text>
        <Text size="sm" fw={600}>
          The configuration is then locked: only the aggregation weights (aggregation_metric) can
          change afterwards.
        </Text>
        {activate.isError ? (
          <ServerProblems
            error={activate.error}
            title="The task could not be activated"
            format={configDetailText}
          />
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
