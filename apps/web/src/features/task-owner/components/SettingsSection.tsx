import { type FormEvent, useState } from 'react';
import { type TaskDetail, type TaskUpdateBody } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form';
import { useUpdateTask } from '../api/owner';
import { ServerProblems } from './problems';

type TextField =
  | 'name'
  | 'desc'
  | 'instructions_md'
  | 'general_instructions'
  | 'leaderboard_description'
  | 'predictions_upload_instructions_md'
  | 'train_file_upload_instructions_md';

const FLAGS = [
  { field: 'hidden', label: 'Hidden', description: 'Only owners and admins see a hidden task.' },
  {
    field: 'submitable',
    label: 'Accept model uploads',
    description: 'Shows "Upload model" on the task page.',
  },
  {
    field: 'has_predictions_upload',
    label: 'Accept predictions uploads',
    description: 'Shows "Submit predictions" on the task page.',
  },
  {
    field: 'unpublished_models_in_leaderboard',
    label: 'Unpublished models in the leaderboard',
    description: 'List models on the leaderboard before their owners publish them.',
  },
  {
    field: 'validate_non_fooling',
    label: 'Validate non-fooling examples',
    description: 'Examples that did not fool the model are validated too.',
  },
  { field: 'show_trends', label: 'Show trends', description: 'The per-round performance chart.' },
  { field: 'show_leaderboard', label: 'Show leaderboard', description: 'The model leaderboard.' },
  {
    field: 'show_user_leaderboard',
    label: 'Show user leaderboard',
    description: 'The leaderboard of annotators.',
  },
] as const;
type Flag = (typeof FLAGS)[number]['field'];

/** Markdown is edited in a monospace font (the label keeps the normal one). */
const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export const CONTEXT_SELECTION_METHODS = [
  { value: 'min', label: 'Least used context first (min)' },
  { value: 'uniform', label: 'Uniformly at random (uniform)' },
  { value: 'least_fooled', label: 'Least fooled context first (least_fooled)' },
  { value: 'validation_failed', label: 'Contexts whose examples failed validation first' },
] as const;
type ContextSelectionMethod = (typeof CONTEXT_SELECTION_METHODS)[number]['value'];

type Values = Record<TextField, string> &
  Record<Flag, boolean> & {
    num_matching_validations: number;
    context_selection_method: string;
  };

function valuesOf(task: TaskDetail): Values {
  return {
    name: task.name,
    desc: task.desc ?? '',
    instructions_md: task.instructions_md,
    general_instructions: task.general_instructions ?? '',
    leaderboard_description: task.leaderboard_description ?? '',
    predictions_upload_instructions_md: task.predictions_upload_instructions_md ?? '',
    train_file_upload_instructions_md: task.train_file_upload_instructions_md ?? '',
    hidden: task.hidden,
    submitable: task.submitable,
    has_predictions_upload: task.has_predictions_upload,
    unpublished_models_in_leaderboard: task.unpublished_models_in_leaderboard,
    validate_non_fooling: task.validate_non_fooling,
    show_trends: task.show_trends,
    show_leaderboard: task.show_leaderboard,
    show_user_leaderboard: task.show_user_leaderboard,
    num_matching_validations: task.num_matching_validations,
    context_selection_method: task.context_selection_method,
  };
}

/** Only what changed; optional texts left empty become null. */
function changesOf(values: Values, loaded: Values): TaskUpdateBody {
  const changes: TaskUpdateBody = {};
  const changed = (field: keyof Values) => values[field] !== loaded[field];
  if (changed('name')) changes.name = values.name.trim();
  if (changed('desc')) changes.desc = values.desc.trim() || null;
  if (changed('instructions_md')) changes.instructions_md = values.instructions_md;
  for (const field of [
    'general_instructions',
    'leaderboard_description',
    'predictions_upload_instructions_md',
    'train_file_upload_instructions_md',
  ] as const) {
    if (changed(field)) changes[field] = values[field].trim() ? values[field] : null;
  }
  for (const { field } of FLAGS) if (changed(field)) changes[field] = values[field];
  if (changed('num_matching_validations')) {
    changes.num_matching_validations = values.num_matching_validations;
  }
  if (changed('context_selection_method')) {
    changes.context_selection_method = values.context_selection_method as ContextSelectionMethod;
  }
  return changes;
}

function isDirty(values: Values, loaded: Values): boolean {
  return (Object.keys(loaded) as Array<keyof Values>).some((key) => values[key] !== loaded[key]);
}

interface SettingsFormProps {
  task: TaskDetail;
  update: ReturnType<typeof useUpdateTask>;
  saved: boolean;
  onSave: (changes: TaskUpdateBody) => void;
  onEdit: () => void;
}

/** Keyed by the loaded settings: it starts again from them after every save. */
function SettingsForm({ task, update, saved, onSave, onEdit }: SettingsFormProps) {
  const loaded = valuesOf(task);
  const [values, setValues] = useState<Values>(loaded);
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const dirty = isDirty(values, loaded);
  const shownErrors = { ...serverFieldErrors(update.error), ...errors };

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    onEdit();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) return;
    if (!values.name.trim()) {
      setErrors({ name: MESSAGES.required });
      return;
    }
    onSave(changesOf(values, loaded));
  }

  const text = (field: TextField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field, event.currentTarget.value),
    error: shownErrors[field],
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Task settings">
      <Stack gap="md" maw={760}>
        {update.isError ? (
          <ServerProblems
            error={update.error}
            title="The settings could not be saved"
            format={(d) => `${d.path}: ${d.message}`}
          />
        ) : null}
        {saved && !dirty ? (
          <Alert color="green" variant="light" role="status">
            The settings were saved.
          </Alert>
        ) : null}
        <TextInput label="Name" withAsterisk {...text('name')} />
        <TextInput label="Short description" {...text('desc')} />
        <Textarea
          label="Instructions (Markdown)"
          description="Shown to annotators on the create page."
          autosize
          minRows={4}
          maxRows={16}
          styles={MONOSPACE}
          {...text('instructions_md')}
        />
        <Textarea
          label="General instructions"
          autosize
          minRows={2}
          maxRows={12}
          {...text('general_instructions')}
        />
        <Textarea
          label="Leaderboard description"
          autosize
          minRows={2}
          maxRows={12}
          {...text('leaderboard_description')}
        />
        <Textarea
          label="Predictions upload instructions (Markdown)"
          autosize
          minRows={2}
          maxRows={12}
          styles={MONOSPACE}
          {...text('predictions_upload_instructions_md')}
        />
        <Textarea
          label="Train file upload instructions (Markdown)"
          autosize
          minRows={2}
          maxRows={12}
          styles={MONOSPACE}
          {...text('train_file_upload_instructions_md')}
        />
        <Fieldset legend="Options">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FLAGS.map((flag) => (
              <Switch
                key={flag.field}
                label={flag.label}
                description={flag.description}
                checked={values[flag.field]}
                onChange={(event) => change(flag.field, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Number of matching validations"
            description="Validations that must agree before an example counts as verified."
            min={1}
            max={20}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={values.num_matching_validations}
            onChange={(value) =>
              change('num_matching_validations', typeof value === 'number' ? value : 1)
            }
            error={shownErrors.num_matching_validations}
          />
          <Select
            label="Context selection method"
            description="How the create page picks the next context."
            data={CONTEXT_SELECTION_METHODS}
            value={values.context_selection_method}
            onChange={(value) => {
              if (value) change('context_selection_method', value);
            }}
            allowDeselect={false}
            error={shownErrors.context_selection_method}
          />
        </SimpleGrid>
        {dirty ? (
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** #settings: what the task shows and how collection and validation behave. */
export function SettingsSection({ task }: { task: TaskDetail }) {
  const update = useUpdateTask(task.id);
  const [saved, setSaved] = useState(false);
  const [saves, setSaves] = useState(0);
  // A new form after every save, and whenever the task's settings change elsewhere.
  const formKey = `${String(saves)}:${JSON.stringify(valuesOf(task))}`;

  function save(changes: TaskUpdateBody) {
    update.mutate(changes, {
      onSuccess: () => {
        setSaved(true);
        setSaves((count) => count + 1);
      },
    });
  }

  function edit() {
    setSaved(false);
    if (!update.isIdle) update.reset();
  }

  return (
    <SettingsForm
      key={formKey}
      task={task}
      update={update}
      saved={saved}
      onSave={save}
      onEdit={edit}
    />
  );
}
