import { type ReactNode, useState } from 'react';
import { type MantineSpacing } from '@mantine/core';
import { differs, type FieldErrors, useFormFields } from '../lib/form';
import { EditForm } from './EditForm';

/** What the form needs of the mutation that saves (a react-query useMutation result has it). */
interface SaveMutation<C> {
  mutate: (changes: C, options: { onSuccess: () => void }) => void;
  isIdle: boolean;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

type Fields<V extends object> = ReturnType<typeof useFormFields<V>>;

interface SaveChangesFormProps<V extends object, C> {
  /** The form's accessible name. */
  label: string;
  /** The saved values: the form starts from them, and again after each save. */
  loaded: V;
  /** Changes whenever the saved values change elsewhere: the form then starts again from them. */
  loadedKey: string;
  validate: (values: V) => FieldErrors<keyof V & string>;
  /** What to send: only what differs from `loaded`. */
  changesOf: (values: V, loaded: V) => C;
  mutation: SaveMutation<C>;
  /** Why the last save failed, shown first. */
  problem: ReactNode;
  /** Said once the changes are saved, until the next edit. */
  savedText: string;
  gap: MantineSpacing;
  maw: number;
  /** The fields, given the form's values, errors and change handlers. */
  children: (fields: Fields<V>) => ReactNode;
}

/**
 * An edit form of saved values: Save appears once something changed and sends only the changes;
 * an edit clears the last save's outcome.
 */
export function SaveChangesForm<V extends object, C>(props: SaveChangesFormProps<V, C>) {
  const { mutation, loadedKey } = props;
  const [saved, setSaved] = useState(false);
  const [saves, setSaves] = useState(0);

  function save(changes: C) {
    mutation.mutate(changes, {
      onSuccess: () => {
        setSaved(true);
        setSaves((count) => count + 1);
      },
    });
  }

  function edit() {
    setSaved(false);
    if (!mutation.isIdle) mutation.reset();
  }

  // A new form after every save, and whenever the saved values change elsewhere.
  return (
    <ChangesForm
      key={`${String(saves)}:${loadedKey}`}
      {...props}
      saved={saved}
      onSave={save}
      onEdit={edit}
    />
  );
}

interface ChangesFormProps<V extends object, C> extends SaveChangesFormProps<V, C> {
  saved: boolean;
  onSave: (changes: C) => void;
  onEdit: () => void;
}

function ChangesForm<V extends object, C>({
  label,
  loaded,
  validate,
  changesOf,
  mutation,
  problem,
  savedText,
  gap,
  maw,
  children,
  saved,
  onSave,
  onEdit,
}: ChangesFormProps<V, C>) {
  const fields = useFormFields(loaded, { onChange: onEdit, serverError: mutation.error });
  const dirty = differs(fields.values, loaded);

  return (
    <EditForm
      label={label}
      ready={dirty}
      onSubmit={fields.handleSubmit(validate, (values) => onSave(changesOf(values, loaded)))}
      submitLabel="Save"
      submitting={mutation.isPending}
      problem={problem}
      done={saved && !dirty ? savedText : null}
      gap={gap}
      maw={maw}
    >
      {children(fields)}
    </EditForm>
  );
}
