import { useState } from 'react';
import { type TaskConfig, type TaskDetail } from '@dynaloop/contract';
import { Alert, Button, Group, Kbd, ScrollArea, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { isApiError } from '../../../lib/api';
import { useAuth } from '../../auth/use-auth';
import { useModelsInTheLoop } from '../../models-in-the-loop/api/get-models-in-the-loop';
import { storePending, StoreFailed, type Submission, submitExample } from '../api/submit';
import { type LoadedContext, useTaskContext } from '../../contexts/api/pick-context';
import { inputProblems } from '../lib/check-input';
import { editableInputs, type FieldValues, filledValues, goalField } from '../lib/fields';
import { chooseModel, createHeading, type ModelChoice } from '../lib/model-choice';
import { type Span } from '../lib/selection';
import { useDraft } from '../lib/use-draft';
import { AnnotationInput } from './AnnotationInput';
import { BatchModal } from './BatchModal';
import { ContextPanel } from './ContextPanel';
import { CreateSettingsModal } from './CreateSettingsModal';
import { ExampleCard } from './ExampleCard';
import { GoalMessage } from './GoalMessage';
import { HelpOverlay, HelpRegion, HelpToggle, useHelpOverlay } from './HelpOverlay';
import { InstructionsModal } from './InstructionsModal';
import { LiveModeSwitch, SandboxNotice } from './LiveMode';
import { SubmissionError } from './SubmissionError';
import { WorkspaceHeader } from './WorkspaceHeader';

const ID_PREFIX = 'create';

type OpenModal = 'instructions' | 'settings' | 'batch' | null;

interface CreateWorkspaceProps {
  task: TaskDetail;
  config: TaskConfig;
  requestedModel: number | null;
}

/** The create page once its task and configuration are known. */
export function CreateWorkspace({ task, config, requestedModel }: CreateWorkspaceProps) {
  const models = useModelsInTheLoop(task.id);
  const [seed] = useState(Math.random);
  if (models.isPending) return <PageLoader label="Loading the models in the loop…" />;
  if (models.isError) {
    return <QueryErrorAlert title="The models in the loop could not be loaded" query={models} />;
  }
  return (
    <Workspace
      task={task}
      config={config}
      choice={chooseModel(models.data, requestedModel, seed)}
    />
  );
}

function Workspace({
  task,
  config,
  choice,
}: {
  task: TaskDetail;
  config: TaskConfig;
  choice: ModelChoice;
}) {
  const { isLoggedIn } = useAuth();
  const help = useHelpOverlay();
  const contextQuery = useTaskContext(task);
  const context: LoadedContext | undefined = contextQuery.data;
  const [liveWanted, setLiveWanted] = useState(true);
  const [retainInput, setRetainInput] = useState(false);
  const [modal, setModal] = useState<OpenModal>(null);
  const [submissions, setSubmissions] = useState<Submission[]>([]);
  // A new context starts a new example: what was typed for the previous one is cleared.
  const form = useDraft(context?.id ?? null);
  const live = isLoggedIn && liveWanted && !choice.specific;

  const goal = goalField(config);
  const inputs = editableInputs(config).filter((f) => f.name !== goal?.name);
  const spanInputs = inputs.filter((f) => f.type === 'context_string_selection');
  const highlights: Record<string, Span | null> = {};
  for (const f of spanInputs) {
    if (f.reference_name && !highlights[f.reference_name]) {
      highlights[f.reference_name] = form.spans[f.name] ?? null;
    }
  }

  const target = (ctx: LoadedContext) => ({
    task,
    config,
    context: ctx,
    model: choice.model,
    live,
    guest: !isLoggedIn,
    startedAt: ctx.receivedAt,
  });

  const added = (submission: Submission) => setSubmissions((list) => [submission, ...list]);
  const afterSubmit = (submission: Submission) => {
    added(submission);
    if (!retainInput) form.clear();
  };

  const submitting = useMutation({
    mutationFn: ({ ctx, input }: { ctx: LoadedContext; input: FieldValues }) =>
      submitExample(target(ctx), input),
    onSuccess: afterSubmit,
  });
  const retrying = useMutation({
    mutationFn: (failed: StoreFailed) =>
      storePending(failed.pending, failed.answer, failed.modelName),
    onSuccess: (submission) => {
      submitting.reset();
      afterSubmit(submission);
    },
  });
  const busy = submitting.isPending || retrying.isPending;

  function submit() {
    if (!context || busy || modal !== null) return;
    const errors = inputProblems(config, form.values, context.context);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    retrying.reset();
    submitting.mutate({ ctx: context, input: filledValues(editableInputs(config), form.values) });
  }

  useHotkeys([['mod+Enter', submit]], []);

  const noContexts =
    contextQuery.isError && isApiError(contextQuery.error) && contextQuery.error.status === 404;
  const hasContextFields = config.context.length > 0;
  const failure = retrying.error ?? submitting.error;

  return (
    <HelpOverlay visible={help.visible}>
      <Stack gap="lg">
        <WorkspaceHeader
          title={task.name}
          subtitle={createHeading(choice)}
          warning={config.content_warning}
        >
          <Group gap="xs">
            <HelpToggle visible={help.visible} onToggle={help.toggle} />
            <Button variant="default" onClick={() => setModal('instructions')}>
              Instructions
            </Button>
            <Button variant="default" onClick={() => setModal('settings')}>
              Create Settings
            </Button>
          </Group>
        </WorkspaceHeader>
        {choice.requestedMissing ? (
          <Alert color="yellow" variant="light">
            The model you chose is not in the loop of this round: a model in the loop answers
            instead.
          </Alert>
        ) : null}

        <HelpRegion tip="Your goal: the kind of example to write.">
          <GoalMessage
            config={config}
            hasModel={choice.model !== null}
            value={
              goal && typeof form.values[goal.name] === 'string'
                ? (form.values[goal.name] as string)
                : ''
            }
            onChange={(value) => goal && form.setValue(goal.name, value)}
            error={goal ? form.errors[goal.name] : undefined}
          />
        </HelpRegion>

        {contextQuery.isPending ? <PageLoader label="Loading a context…" /> : null}
        {noContexts ? (
          <Alert color="yellow" variant="light" title="No contexts available">
            The task owner has not added contexts to this round yet, so no example can be written.
          </Alert>
        ) : contextQuery.isError ? (
          <QueryErrorAlert title="The context could not be loaded" query={contextQuery} />
        ) : null}
        {context && hasContextFields ? (
          <HelpRegion
            tip={
              spanInputs.length > 0
                ? 'The context. Select your answer in its text.'
                : 'The context your example is about.'
            }
          >
            <ContextPanel
              fields={config.context}
              values={context.context}
              idPrefix={ID_PREFIX}
              highlights={highlights}
              spanInputs={spanInputs}
              onSpan={form.setSpan}
            />
          </HelpRegion>
        ) : null}

        <HelpRegion tip="Your submitted examples, with the model’s answers.">
          <section aria-label="Submitted examples">
            {submissions.length === 0 ? (
              <Text size="sm" c="dimmed">
                Your submitted examples will appear here.
              </Text>
            ) : (
              <ScrollArea.Autosize mah="75vh" type="auto" offsetScrollbars>
                <Stack gap="sm">
                  {submissions.map((submission) => (
                    <ExampleCard key={submission.id} config={config} submission={submission} />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </section>
        </HelpRegion>

        <HelpRegion tip="Write your example here.">
          <Stack gap="sm" component="section" aria-label="Your example">
            {inputs.map((field) => (
              <AnnotationInput
                key={field.name}
                field={field}
                value={form.values[field.name]}
                onChange={(value) => form.setValue(field.name, value)}
                error={form.errors[field.name]}
                disabled={busy || !context}
                context={context?.context}
                idPrefix={ID_PREFIX}
                span={form.spans[field.name] ?? null}
                onSpan={(span) => form.setSpan(field.name, span)}
              />
            ))}
          </Stack>
        </HelpRegion>

        <HelpRegion tip="Live Mode stores your examples, Sandbox only tries the model. Ctrl+Enter submits.">
          <Stack gap="sm">
            <Group justify="space-between" align="center">
              <Group gap="md">
                {choice.specific ? null : (
                  <LiveModeSwitch live={live} isLoggedIn={isLoggedIn} onChange={setLiveWanted} />
                )}
                <Button
                  variant="default"
                  onClick={() => setModal('batch')}
                  disabled={!context || busy}
                >
                  Batch submissions
                </Button>
                {hasContextFields ? (
                  <Button
                    variant="default"
                    onClick={contextQuery.next}
                    loading={contextQuery.switching}
                    disabled={busy || noContexts}
                  >
                    Switch to next context
                  </Button>
                ) : null}
              </Group>
              <Group gap="xs">
                <Text size="xs" c="dimmed" aria-hidden="true">
                  <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd>
                </Text>
                <Button
                  onClick={submit}
                  loading={busy}
                  disabled={!context}
                  aria-keyshortcuts="Control+Enter Meta+Enter"
                >
                  Submit
                </Button>
              </Group>
            </Group>
            {live ? null : (
              <SandboxNotice isLoggedIn={isLoggedIn} specificModel={choice.specific} />
            )}
            {busy ? (
              <Text size="sm" c="dimmed" role="status">
                {choice.model ? 'Asking the model…' : 'Storing your example…'}
              </Text>
            ) : null}
            {failure ? (
              <SubmissionError
                error={failure}
                onRetry={
                  failure instanceof StoreFailed ? () => retrying.mutate(failure) : undefined
                }
                retrying={retrying.isPending}
              />
            ) : null}
          </Stack>
        </HelpRegion>
      </Stack>

      <InstructionsModal
        opened={modal === 'instructions'}
        onClose={() => setModal(null)}
        instructions={task.instructions_md}
      />
      <CreateSettingsModal
        opened={modal === 'settings'}
        onClose={() => setModal(null)}
        retainInput={retainInput}
        onRetainInputChange={setRetainInput}
      />
      {context ? (
        <BatchModal
          opened={modal === 'batch'}
          onClose={() => setModal(null)}
          config={config}
          context={context.context}
          live={live}
          submit={(input) => submitExample(target(context), input)}
          onSubmitted={added}
        />
      ) : null}
    </HelpOverlay>
  );
}
