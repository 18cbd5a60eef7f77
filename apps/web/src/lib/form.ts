import { useState } from 'react';
import { isApiError } from './http';

/** What a zod schema offers, described without importing zod (this file ships with forms only). */
export interface SchemaLike {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each top-level field that `values` fails in `schema`. */
export function schemaErrors<K extends string>(
  schema: SchemaLike,
  values: unknown,
): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    const key = field as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message of one value against one field schema, or undefined when it is valid. */
export function fieldError(schema: SchemaLike, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/**
 * Field messages the server sent with a 400 `validation_failed` answer, keyed by field name
 * (`body.email`, `/email` and `email` all name the field `email`).
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || !error.body.details) return {};
  const errors: FieldErrors = {};
  for (const detail of error.body.details) {
    const field = detail.path.split(/[./]/).filter(Boolean).pop();
    if (field) errors[field] ??= detail.message;
  }
  return errors;
}

/** Whether any value differs from the loaded one (a form with something to save). */
export function differs<V extends object>(values: V, loaded: V): boolean {
  return (Object.keys(loaded) as Array<keyof V>).some((key) => values[key] !== loaded[key]);
}

/** The keys of `V` whose values are text (what `bind` can give a text input). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface FormFieldsOptions {
  /** Called on every change of a value, after it is stored (e.g. to reset a failed request). */
  onChange?: () => void;
  /** A failed request whose field messages (see serverFieldErrors) are shown until a change. */
  serverError?: unknown;
}

/**
 * Values and errors of a form's fields: `change` sets a value and clears its error, `bind`
 * gives a text input its value, change handler and error in one spread, `handleSubmit` checks
 * the values and hands valid ones on, `reset` starts again from the initial values.
 */
export function useFormFields<V extends object, E extends string = never>(
  initial: V,
  { onChange, serverError }: FormFieldsOptions = {},
) {
  type K = keyof V & string;
  const [initialValues] = useState(initial);
  const [values, setValues] = useState(initial);
  // E: error keys beyond the fields (a checkbox's, say).
  const [ownErrors, setErrors] = useState<FieldErrors<K | E>>({});
  // A field's own message, even an empty one after a change, hides the server's.
  const errors: FieldErrors<K | E> = { ...serverFieldErrors(serverError), ...ownErrors };

  function change<F extends K>(field: F, value: V[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    onChange?.();
  }

  const bind = <F extends TextKey<V>>(field: F) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field, event.currentTarget.value as V[F]),
  });

  /** A submit handler: shows what `validate` finds, and calls `onValid` when it finds nothing. */
  const handleSubmit =
    (validate: (values: V) => FieldErrors<K | E>, onValid: (values: V) => void) =>
    (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      const found = validate(values);
      setErrors(found);
      if (!hasErrors(found)) onValid(values);
    };

  function reset() {
    setValues(initialValues);
    setErrors({});
  }

  return { values, errors, setErrors, change, bind, handleSubmit, reset };
}
