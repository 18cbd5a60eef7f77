import { type FormEvent, useState } from 'react';
import { type ExampleUpdateBody, type TaskConfig } from '@dynaloop/contract';
import { badgeText } from '@dynaloop/contract/messages';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { updateExample } from '../api/update-example';
import { type Submission } from '../api/submit';
import { fieldProblems } from '../lib/check-input';
import { createMetadataFields, type FieldValues, filledValues } from '../lib/fields';
import { AnnotationInput } from './AnnotationInput';
import { FieldRows, inputRows, modelRows } from './ExampleFields';

export const FOOLED_TEXT = 'You fooled the model!';
export const NOT_FOOLED_TEXT = 'The model got it right';

function Verdict({
  submission,
  modelWrong,
}: {
  submission: Submission;
  modelWrong: boolean | null;
}) {
  if (modelWrong === true) {
    return (
      <Text fw={700} c="teal.8">
        {FOOLED_TEXT}
      </Text>
    );
  }
  if (modelWrong === false) {
    return (
      <Text fw={700} c="orange.9">
        {NOT_FOOLED_TEXT}
      </Text>
    );
  }
  return (
    <Text fw={700} c="dimmed">
      {submission.answer ? 'Was the model fooled? You decide.' : 'Written without a model'}
    </Text>
  );
}

function MetadataForm({
  config,
  exampleId,
  modelWrong,
}: {
  config: TaskConfig;
  exampleId: number;
  modelWrong: boolean | null;
}) {
  const fields = createMetadataFields(config, modelWrong);
  const [values, setValues] = useState<FieldValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (metadata: FieldValues) => updateExample(exampleId, { metadata }),
  });
  if (fields.length === 0) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = fieldProblems(fields, values, {}, { required: false });
    setErrors(problems);
    const metadata = filledValues(fields, values);
    if (Object.keys(problems).length > 0 || Object.keys(metadata).length === 0) return;
    save.mutate(metadata);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Notes on example ${String(exampleId)}`}>
      <Stack gap="xs">
        {fields.map((field) => (
          <AnnotationInput
            key={field.name}
            field={field}
            value={values[field.name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              if (!save.isIdle) save.reset();
            }}
            error={errors[field.name]}
          />
        ))}
        {save.isError ? <ErrorAlert title="Your notes were not saved" error={save.error} /> : null}
        <Group gap="sm">
          <Button type="submit" size="xs" variant="light" loading={save.isPending}>
            Save notes
          </Button>
          {save.isSuccess ? (
            <Text size="sm" c="teal.8" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

type Action = 'retract' | 'flag' | 'confirm-wrong';

const ACTIONS: Record<
  Action,
  { title: string; text: string; label: string; change: ExampleUpdateBody }
> = {
  retract: {
    title: 'Retract example',
    text: 'Retract this example? It stays in the records but is no longer used or validated.',
    label: 'Retract',
    change: { retracted: true },
  },
  flag: {
    title: 'Flag example',
    text: 'Flag this example for the task owners to review (for example if it is offensive or a mistake)?',
    label: 'Flag',
    change: { flagged: true },
  },
  'confirm-wrong': {
    title: 'The model was wrong',
    text: 'Confirm that the model’s answer is wrong for this example?',
    label: 'The model was wrong',
    change: { model_wrong: true },
  },
};

/** One submitted example: what was written, the model's answer, and what can still be done. */
export function ExampleCard({
  config,
  submission,
}: {
  config: TaskConfig;
  submission: Submission;
}) {
  const { stored, answer } = submission;
  const [retracted, setRetracted] = useState(false);
  const [flagged, setFlagged] = useState(false);
  const [modelWrong, setModelWrong] = useState(submission.modelWrong);
  const [asking, setAsking] = useState<Action | null>(null);
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: ExampleUpdateBody }) =>
      updateExample(id, change),
  });
  const askUser = config.model_wrong_metric.type === 'ask_user';
  const badges = stored?.badges ? stored.badges.split('|').filter(Boolean) : [];

  function confirm() {
    if (!stored || !asking) return;
    const action = asking;
    update.mutate(
      { id: stored.id, change: ACTIONS[action].change },
      {
        onSuccess: () => {
          if (action === 'retract') setRetracted(true);
          if (action === 'flag') setFlagged(true);
          if (action === 'confirm-wrong') setModelWrong(true);
          setAsking(null);
        },
      },
    );
  }

  const label = stored ? `Example ${String(stored.id)}` : 'Sandbox example (not stored)';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Verdict submission={submission} modelWrong={modelWrong} />
        <Group gap={6}>
          {stored ? (
            <Badge variant="light" tt="none">
              #{stored.id}
            </Badge>
          ) : (
            <Badge variant="outline" color="gray" tt="none">
              Sandbox: not stored
            </Badge>
          )}
          {retracted ? (
            <Badge color="red" variant="light" tt="none">
              Retracted
            </Badge>
          ) : null}
          {flagged ? (
            <Badge color="orange" variant="light" tt="none">
              Flagged
            </Badge>
          ) : null}
        </Group>
      </Group>
      <FieldRows
        rows={[
          ...inputRows(config, submission.input),
          ...(answer ? modelRows(config, answer.output) : []),
        ]}
      />
      {submission.modelName ? (
        <Text size="xs" c="dimmed">
          Answered by {submission.modelName}
        </Text>
      ) : null}
      {badges.length > 0 ? (
        <Alert color="yellow" variant="light" mt="sm" role="status">
          {badges.map((name) => `New badge: ${badgeText(name)}`).join(' · ')}
        </Alert>
      ) : null}
      {stored && !retracted ? (
        <Stack gap="sm" mt="sm">
          <MetadataForm config={config} exampleId={stored.id} modelWrong={modelWrong} />
          <Group gap="xs">
            {askUser && answer && modelWrong !== true ? (
              <Button
                size="xs"
                variant="light"
                color="teal"
                onClick={() => setAsking('confirm-wrong')}
              >
                The model was wrong
              </Button>
            ) : null}
            <Button size="xs" variant="default" color="red" onClick={() => setAsking('retract')}>
              Retract
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setAsking('flag')}
              disabled={flagged}
            >
              Flag
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ConfirmModal
        opened={asking !== null}
        title={asking ? ACTIONS[asking].title : ''}
        confirmLabel={asking ? ACTIONS[asking].label : ''}
        color={asking === 'retract' ? 'red' : undefined}
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          update.reset();
        }}
        loading={update.isPending}
        error={update.error ?? undefined}
      >
        <Text>{asking ? ACTIONS[asking].text : ''}</Text>
      </ConfirmModal>
    </Card>
  );
}
