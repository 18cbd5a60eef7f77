import { useState } from 'react';
import { type TaskConfig, type TaskDetail } from '@dynaloop/contract';
import { badgeText } from '@dynaloop/contract/messages';
import { Alert, Button, Group, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { HintTooltip } from '../../../components/HintTooltip';
import { PageLoader } from '../../../components/PageLoader';
import { isApiError } from '../../../lib/api';
import { AnnotationInput } from '../../examples/components/AnnotationInput';
import { fieldProblems } from '../../examples/lib/check-input';
import { type FieldValues, filledValues, validateMetadataFields } from '../../examples/lib/fields';
import { type Span } from '../../examples/lib/selection';
import { useIsTaskAdmin } from '../../tasks/api/task-detail';
import {
  useExampleToValidate,
  validateExample,
  type ValidationLabel,
  type ValidationResult,
} from '../api/validations';
import { ExampleToValidate, VALIDATE_ID_PREFIX } from './ExampleToValidate';
import { ShortcutLegend } from './ShortcutLegend';
import { LABELS, useValidationShortcuts } from './use-validation-shortcuts';

export const NO_MORE_EXAMPLES = 'No more examples';

interface Judgement {
  exampleId: number | null;
  label: ValidationLabel | null;
  metadata: FieldValues;
  spans: Record<string, Span | null>;
  errors: Record<string, string>;
}

const freshJudgement = (exampleId: number | null): Judgement => ({
  exampleId,
  label: null,
  metadata: {},
  spans: {},
  errors: {},
});

/** The validate page once its task and configuration are known. */
export function ValidateWorkspace({ task, config }: { task: TaskDetail; config: TaskConfig }) {
  const { isAdmin } = useIsTaskAdmin(task.id);
  const [draw, setDraw] = useState(0);
  const [skipped] = useState(() => new Set<number>());
  const query = useExampleToValidate(task, draw, skipped);
  const example = query.data;
  const [ownerMode, setOwnerMode] = useState(false);
  const [last, setLast] = useState<ValidationResult | null>(null);
  const [judgement, setJudgement] = useState<Judgement>(() => freshJudgement(null));
  const exampleId = example?.id ?? null;
  if (judgement.exampleId !== exampleId) setJudgement(freshJudgement(exampleId));

  const send = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Parameters<typeof validateExample>[1] }) =>
      validateExample(id, body),
    onSuccess: (result) => {
      setLast(result);
      setDraw((n) => n + 1);
    },
  });

  const metadataFields = validateMetadataFields(config, judgement.label);

  function choose(label: ValidationLabel) {
    setJudgement((current) => ({ ...current, label, errors: {} }));
    if (!send.isIdle) send.reset();
  }

  function setMetadata(name: string, value: unknown) {
    setJudgement((current) => {
      const { [name]: _dropped, ...errors } = current.errors;
      return { ...current, metadata: { ...current.metadata, [name]: value }, errors };
    });
  }

  function submit() {
    if (!example || send.isPending) return;
    if (!judgement.label) {
      setJudgement((current) => ({ ...current, errors: { label: 'Choose a label first' } }));
      return;
    }
    const errors = fieldProblems(metadataFields, judgement.metadata, example.context, {
      required: false,
    });
    if (Object.keys(errors).length > 0) {
      setJudgement((current) => ({ ...current, errors }));
      return;
    }
    send.mutate({
      id: example.id,
      body: {
        label: judgement.label,
        mode: isAdmin && ownerMode ? 'owner' : 'user',
        metadata: filledValues(metadataFields, judgement.metadata),
      },
    });
  }

  function skip() {
    if (send.isPending) return;
    if (example) skipped.add(example.id);
    setLast(null);
    send.reset();
    setDraw((n) => n + 1);
  }

  useValidationShortcuts({ choose, submit, skip });

  const noMore = query.isError && isApiError(query.error) && query.error.status === 404;
  const badges = last?.badges ? last.badges.split('|').filter(Boolean) : [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{task.name}</Title>
          <Title order={2} size="h3" fw={500} c="dimmed" mt={4}>
            Validate examples
          </Title>
        </div>
        {isAdmin ? (
          <HintTooltip label="As an owner, your label alone decides the example">
            <div>
              <Switch
                label="Owner mode"
                checked={ownerMode}
                onChange={(event) => setOwnerMode(event.currentTarget.checked)}
              />
            </div>
          </HintTooltip>
        ) : null}
      </Group>
      {config.content_warning ? (
        <Alert color="orange" variant="light" title="Content warning">
          {config.content_warning}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" maw={760}>
        Is the author’s label (or answer) right for this example? Choose Correct, Incorrect, or
        Flagged for an example that should not be in the dataset.
      </Text>
      <ShortcutLegend />
      {last ? (
        <Alert color="teal" variant="light" role="status">
          Thank you: your validation of example {last.id} was saved.
          {badges.length > 0
            ? ` ${badges.map((b) => `New badge: ${badgeText(b)}`).join(' · ')}`
            : ''}
        </Alert>
      ) : null}
      {query.isFetching && !example ? <PageLoader label="Loading an example…" /> : null}
      {noMore ? (
        <Alert color="blue" variant="light" title={NO_MORE_EXAMPLES} role="status">
          <Text size="sm">
            There are no more examples for you to validate in round {task.cur_round}. Come back
            later.
          </Text>
          <Button size="xs" variant="white" mt="sm" onClick={() => setDraw((n) => n + 1)}>
            Check again
          </Button>
        </Alert>
      ) : query.isError ? (
        <ErrorAlert
          title="The next example could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {example ? (
        <>
          <ExampleToValidate
            config={config}
            example={example}
            label={judgement.label}
            spans={judgement.spans}
            onSpan={(field, span) => {
              setJudgement((current) => ({
                ...current,
                spans: { ...current.spans, [field]: span },
              }));
              setMetadata(field, span?.text);
            }}
          />
          <Radio.Group
            label="Your verdict"
            value={judgement.label ?? ''}
            onChange={(value) => choose(value as ValidationLabel)}
            error={judgement.errors.label}
          >
            <Group gap="lg" mt={6}>
              {LABELS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
          {metadataFields.length > 0 && judgement.label ? (
            <Stack gap="sm" component="section" aria-label="Notes">
              {metadataFields.map((field) => (
                <AnnotationInput
                  key={field.name}
                  field={field}
                  value={judgement.metadata[field.name]}
                  onChange={(value) => setMetadata(field.name, value)}
                  error={judgement.errors[field.name]}
                  context={example.context}
                  idPrefix={VALIDATE_ID_PREFIX}
                  span={judgement.spans[field.name] ?? null}
                  onSpan={(span) =>
                    setJudgement((current) => ({
                      ...current,
                      spans: { ...current.spans, [field.name]: span },
                    }))
                  }
                />
              ))}
            </Stack>
          ) : null}
          {send.isError ? (
            <ErrorAlert title="Your validation was not saved" error={send.error} />
          ) : null}
          <Group>
            <Button onClick={submit} loading={send.isPending} aria-keyshortcuts="Enter">
              Submit
            </Button>
            <Button
              variant="default"
              onClick={skip}
              disabled={send.isPending}
              aria-keyshortcuts="n"
            >
              Skip
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
