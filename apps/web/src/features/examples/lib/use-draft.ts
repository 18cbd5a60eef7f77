import { useState } from 'react';
import { type FieldValues } from './fields';
import { type Span } from './selection';

interface Draft {
  /** The context or example the draft is for. */
  key: number | null;
  values: FieldValues;
  /** Passages selected in the context, by input name. */
  spans: Record<string, Span | null>;
  /** Problems, by field name. */
  errors: Record<string, string>;
}

const emptyDraft = (key: number | null): Draft => ({ key, values: {}, spans: {}, errors: {} });

/**
 * What is being written for one context or example: field values, selected passages and
 * problems. Another `key` (a new context or example) starts a new, empty draft.
 */
export function useDraft(key: number | null) {
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(key));
  if (draft.key !== key) setDraft(emptyDraft(key));

  /** Sets a field's value and drops its problem. */
  function setValue(name: string, value: unknown) {
    setDraft((current) => {
      const { [name]: _dropped, ...errors } = current.errors;
      return { ...current, values: { ...current.values, [name]: value }, errors };
    });
  }

  /** Sets the passage of a span input, and its text as the input's value. */
  function setSpan(name: string, span: Span | null) {
    setDraft((current) => ({ ...current, spans: { ...current.spans, [name]: span } }));
    setValue(name, span?.text);
  }

  function setErrors(errors: Record<string, string>) {
    setDraft((current) => ({ ...current, errors }));
  }

  function clear() {
    setDraft(emptyDraft(key));
  }

  return { ...draft, setValue, setSpan, setErrors, clear };
}
