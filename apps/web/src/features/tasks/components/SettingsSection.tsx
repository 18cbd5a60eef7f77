import { type TaskDetail, type TaskUpdateBody } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import {
  Fieldset,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SaveChangesForm } from '../../../components/SaveChangesForm';
import { type FieldErrors } from '../../../lib/form';
import { useUpdateTask } from '../api/update-task';
import { ServerProblems } from '../../../components/ServerProblems';

/** The task's longer texts, each in a growing text area; empty ones are saved as null. */
const TEXTS = [
  {
    field: 'general_instructions',
    label: 'General instructions',
  },
  {
    field: 'leaderboard_description',
    label: 'Leaderboard description',
  },
  {
    field: 'predictions_upload_instructions_md',
    label: 'Predictions upload instructions (Markdown)',
    markdown: true,
  },
  {
    field: 'train_file_upload_instructions_md',
    label: 'Train file upload instructions (Markdown)',
    markdown: true,
  },
] as const;
type TextField = 'name' | 'desc' | 'instructions_md' | (typeof TEXTS)[number]['field'];

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
  for (const { field } of TEXTS) {
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

function validate(values: Values): FieldErrors<keyof Values> {
  return values.name.trim() ? {} : { name: MESSAGES.required };
}

/** #settings: what the task shows and how collection and validation behave. */
export function SettingsSection({ task }: { task: TaskDetail }) {
  const update = useUpdateTask(task.id);
  const loaded = valuesOf(task);

  return (
    <SaveChangesForm
      label="Task settings"
      loaded={loaded}
      loadedKey={JSON.stringify(loaded)}
      validate={validate}
      changesOf={changesOf}
      mutation={update}
      problem={
        update.isError ? (
          <ServerProblems
            error={update.error}
            title="The settings could not be saved"
            format={(d) => `${d.path}: ${d.message}`}
          />
        ) : null
      }
      savedText="The settings were saved."
      gap="md"
      maw={760}
    >
      {({ values, errors, change, bind }) => (
        <>
          <TextInput label="Name" withAsterisk {...bind('name')} />
          <TextInput label="Short description" {...bind('desc')} />
          <Textarea
            label="Instructions (Markdown)"
            description="Shown to annotators on the create page."
            autosize
            minRows={4}
            maxRows={16}
            styles={MONOSPACE}
            {...bind('instructions_md')}
          />
          {TEXTS.map((text) => (
            <Textarea
              key={text.field}
              label={text.label}
              autosize
              minRows={2}
              maxRows={12}
              styles={'markdown' in text ? MONOSPACE : undefined}
              {...bind(text.field)}
            />
          ))}
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
              error={errors.num_matching_validations}
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
              error={errors.context_selection_method}
            />
          </SimpleGrid>
        </>
      )}
    </SaveChangesForm>
  );
}
