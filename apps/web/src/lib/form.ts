import { useCallback, useState } from 'react';
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

/**
 * Values and errors of a form's text fields: `change` sets a value and clears its error, `bind`
 * gives an input its value, change handler and error in one spread.
 */
export function useFormFields<K extends string, E extends string = K>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  // E: error keys beyond the text fields (a checkbox's, say).
  const [errors, setErrors] = useState<FieldErrors<K | E>>({});
  const change = useCallback((field: K, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);
  const bind = (field: K) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field, event.currentTarget.value),
  });
  return { values, errors, setErrors, change, bind };
}
