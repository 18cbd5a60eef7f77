import { useEffect, useRef } from 'react';
import { type AnnotationObject } from '@dynaloop/contract';
import { Image, Paper, Stack, Text } from '@mantine/core';
import { type FieldValues, fieldLabel, valueText } from '../lib/fields';
import { selectedSpan, type Span } from '../lib/selection';
import classes from './ContextPanel.module.css';

/** The id of the element holding a context field's text (span inputs read its selection). */
export function contextTextId(prefix: string, field: string): string {
  return `${prefix}-context-${field}`;
}

function Highlighted({ text, span }: { text: string; span: Span | null | undefined }) {
  if (!span || span.end > text.length || text.slice(span.start, span.end) !== span.text) {
    return <>{text}</>;
  }
  return (
    <>
      {text.slice(0, span.start)}
      <mark className={classes.mark}>{span.text}</mark>
      {text.slice(span.end)}
    </>
  );
}

interface ContextTextProps {
  id: string;
  label: string;
  text: string;
  span: Span | null | undefined;
  onSelect?: (span: Span) => void;
}

/**
 * A context text. When an answer is a passage of it, the text is focusable and a selection
 * made with the mouse (or the keyboard, with caret browsing) becomes the answer.
 */
function ContextText({ id, label, text, span, onSelect }: ContextTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });
  const selectable = onSelect !== undefined;

  useEffect(() => {
    const element = ref.current;
    if (!element || !selectable) return;
    const capture = () => {
      const selected = selectedSpan(element, text);
      if (selected) onSelectRef.current?.(selected);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.shiftKey) capture();
    };
    element.addEventListener('mouseup', capture);
    element.addEventListener('keyup', onKeyUp);
    return () => {
      element.removeEventListener('mouseup', capture);
      element.removeEventListener('keyup', onKeyUp);
    };
  }, [selectable, text]);

  if (!selectable) {
    return (
      <div id={id} ref={ref} className={classes.text}>
        <Highlighted text={text} span={span} />
      </div>
    );
  }
  return (
    <div
      id={id}
      ref={ref}
      role="textbox"
      aria-readonly="true"
      aria-multiline="true"
      aria-label={`${label}: select your answer in this text`}
      tabIndex={0}
      className={`${classes.text} ${classes.selectable}`}
    >
      <Highlighted text={text} span={span} />
    </div>
  );
}

interface ContextPanelProps {
  fields: AnnotationObject[];
  values: FieldValues;
  idPrefix: string;
  /** The highlighted passage of each context field, by field name. */
  highlights?: Record<string, Span | null | undefined>;
  /** Inputs whose answer is a passage of a context field (their reference_name). */
  spanInputs?: AnnotationObject[];
  /** A passage selected for one of `spanInputs`, by the input's name. */
  onSpan?: (input: string, span: Span) => void;
}

/** The context an example is written for: each context field, labelled. */
export function ContextPanel({
  fields,
  values,
  idPrefix,
  highlights = {},
  spanInputs = [],
  onSpan,
}: ContextPanelProps) {
  return (
    <section aria-label="Context">
      <Stack gap="sm">
        {fields.map((field) => {
          const value = values[field.name];
          const label = fieldLabel(field);
          const input = spanInputs.find((f) => f.reference_name === field.name);
          return (
            <Paper key={field.name} withBorder p="md" radius="md" bg="gray.0">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
                {label}
              </Text>
              {field.type === 'image' && typeof value === 'string' ? (
                <Image src={value} alt={label} maw={480} radius="sm" />
              ) : (
                <ContextText
                  id={contextTextId(idPrefix, field.name)}
                  label={label}
                  text={valueText(value)}
                  span={highlights[field.name]}
                  onSelect={onSpan && input ? (span) => onSpan(input.name, span) : undefined}
                />
              )}
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
