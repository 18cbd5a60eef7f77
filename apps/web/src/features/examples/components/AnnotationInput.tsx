import { useState } from 'react';
import { type AnnotationObject } from '@dynaloop/contract';
import { Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { fieldLabel, type FieldValues, valueText } from '../lib/fields';
import { selectedSpan, type Span } from '../lib/selection';
import { contextTextId } from './ContextPanel';

interface SpanInputProps {
  field: AnnotationObject;
  span: Span | null;
  onSpan: (span: Span | null) => void;
  context: FieldValues;
  idPrefix: string;
  error?: string;
  disabled?: boolean;
}

/**
 * An answer that is a passage of a context field: selected in the context text (the selection
 * is taken on mouse-up, or with "Use selection"), shown here read-only.
 */
function SpanInput({ field, span, onSpan, context, idPrefix, error, disabled }: SpanInputProps) {
  const [hint, setHint] = useState<string | null>(null);
  const reference = field.reference_name ?? '';
  const label = fieldLabel(field);

  function takeSelection() {
    const element = document.getElementById(contextTextId(idPrefix, reference));
    const text = valueText(context[reference]);
    const selected = element ? selectedSpan(element, text) : null;
    if (!selected) {
      setHint('Select a passage of the text above first.');
      return;
    }
    setHint(null);
    onSpan(selected);
  }

  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        description={`Select your ${label.toLowerCase()} in the ${reference.replace(/_/g, ' ')} text above.`}
        placeholder="Nothing selected yet"
        value={span?.text ?? ''}
        readOnly
        error={error ?? hint}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={takeSelection} disabled={disabled}>
          Use selection
        </Button>
        {span ? (
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={() => onSpan(null)}
            disabled={disabled}
          >
            Clear {label.toLowerCase()}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

interface AnnotationInputProps {
  field: AnnotationObject;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled?: boolean;
  /** For passages: the context their text is selected in, and the ids of its elements. */
  context?: FieldValues;
  idPrefix?: string;
  span?: Span | null;
  onSpan?: (span: Span | null) => void;
}

/** One field of a task configuration as a form control, by its type. */
export function AnnotationInput({
  field,
  value,
  onChange,
  error,
  disabled,
  context = {},
  idPrefix = 'field',
  span = null,
  onSpan,
}: AnnotationInputProps) {
  const label = fieldLabel(field);
  switch (field.type) {
    case 'string':
      return (
        <Textarea
          label={label}
          placeholder={field.placeholder}
          autosize
          minRows={2}
          maxRows={8}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          disabled={disabled}
        />
      );
    case 'image':
      return (
        <TextInput
          label={label}
          placeholder={field.placeholder ?? 'Image URL'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          disabled={disabled}
        />
      );
    case 'multiclass':
    case 'target_label':
      return (
        <Select
          label={label}
          placeholder={field.placeholder ?? 'Choose a label'}
          data={field.labels ?? []}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next ?? undefined)}
          allowDeselect={false}
          error={error}
          disabled={disabled}
          maw={360}
        />
      );
    case 'multilabel':
      return (
        <Checkbox.Group
          label={label}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
          error={error}
        >
          <Group gap="md" mt={6}>
            {(field.labels ?? []).map((option) => (
              <Checkbox key={option} value={option} label={option} disabled={disabled} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'context_string_selection':
      return (
        <SpanInput
          field={field}
          span={span}
          onSpan={(next) => {
            onSpan?.(next);
            onChange(next?.text);
          }}
          context={context}
          idPrefix={idPrefix}
          error={error}
          disabled={disabled}
        />
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {label}: filled in by the model.
        </Text>
      );
  }
}
