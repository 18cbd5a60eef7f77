import { useState } from 'react';
import {
  type TaskConfig,
  type TaskDetail,
  type ValidationLabel,
  type ValidationResult,
} from '@dynaloop/contract';
import { badgeText } from '@dynaloop/contract/messages';
import { Alert, Button, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert, QueryErrorAlert } from '../../../components/ErrorAlert';
import { HintTooltip } from '../../../components/HintTooltip';
import { PageLoader } from '../../../components/PageLoader';
import { isApiError } from '../../../lib/api';
import { AnnotationInput } from '../../examples/components/AnnotationInput';
import { WorkspaceHeader } from '../../examples/components/WorkspaceHeader';
import { fieldProblems } from '../../examples/lib/check-input';
import { filledValues, validateMetadataFields } from '../../examples/lib/fields';
import { useDraft } from '../../examples/lib/use-draft';
import { useIsTaskAdmin } from '../../tasks/api/get-admin-or-owner';
import { useExampleToValidate } from '../api/get-example-to-validate';
import { validateExample } from '../api/validate-example';
import { ExampleToValidate, VALIDATE_ID_PREFIX } from './ExampleToValidate';
import { ShortcutLegend } from './ShortcutLegend';
import { LABELS, useValidationShortcuts } from './use-validation-shortcuts';

export const NO_MORE_EXAMPLES = 'No more examples';

/** The validate page once its task and configuration are known. */
export function ValidateWorkspace({ task, config }: { task: TaskDetail; config: TaskConfig }) {
  const { isAdmin } = useIsTaskAdmin(task.id);
  const [draw, setDraw] = useState(0);
  const [skipped] = useState(() => new Set<number>());
  const query = useExampleToValidate(task, draw, skipped);
  const example = query.data;
  const [ownerMode, setOwnerMode] = useState(false);
  const [last, setLast] = useState<ValidationResult | null>(null);
  // A new example starts a new judgement: its label, notes and problems.
  const exampleId = example?.id ?? null;
  const notes = useDraft(exampleId);
  const [chosen, setChosen] = useState<{ exampleId: number | null; label: ValidationLabel | null }>(
    { exampleId, label: null },
  );
  if (chosen.exampleId !== exampleId) setChosen({ exampleId, label: null });
  const { label } = chosen;

  const send = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Parameters<typeof validateExample>[1] }) =>
      validateExample(id, body),
    onSuccess: (result) => {
      setLast(result);
      setDraw((n) => n + 1);
    },
  });

  const metadataFields = validateMetadataFields(config, label);

  function choose(next: ValidationLabel) {
    setChosen({ exampleId, label: next });
    notes.setErrors({});
    if (!send.isIdle) send.reset();
  }

  function submit() {
    if (!example || send.isPending) return;
    if (!label) {
      notes.setErrors({ label: 'Choose a label first' });
      return;
    }
    const errors = fieldProblems(metadataFields, notes.values, example.context, {
      required: false,
    });
    if (Object.keys(errors).length > 0) {
      notes.setErrors(errors);
      return;
    }
    send.mutate({
      id: example.id,
      body: {
        label,
        mode: isAdmin && ownerMode ? 'owner' : 'user',
        metadata: filledValues(metadataFields, notes.values),
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
      <WorkspaceHeader
        title={task.name}
        subtitle="Validate examples"
        warning={config.content_warning}
      >
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
      </WorkspaceHeader>
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
        <QueryErrorAlert title="The next example could not be loaded" query={query} />
      ) : null}
      {example ? (
        <>
          <ExampleToValidate
            config={config}
            example={example}
            label={label}
            spans={notes.spans}
            onSpan={notes.setSpan}
          />
          <Radio.Group
            label="Your verdict"
            value={label ?? ''}
            onChange={(value) => choose(value as ValidationLabel)}
            error={notes.errors.label}
          >
            <Group gap="lg" mt={6}>
              {LABELS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
          {metadataFields.length > 0 && label ? (
            <Stack gap="sm" component="section" aria-label="Notes">
              {metadataFields.map((field) => (
                <AnnotationInput
                  key={field.name}
                  field={field}
                  value={notes.values[field.name]}
                  onChange={(value) => notes.setValue(field.name, value)}
                  error={notes.errors[field.name]}
                  context={example.context}
                  idPrefix={VALIDATE_ID_PREFIX}
                  span={notes.spans[field.name] ?? null}
                  onSpan={(span) => notes.setSpan(field.name, span)}
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
