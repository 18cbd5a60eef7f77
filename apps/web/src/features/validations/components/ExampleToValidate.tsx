import { type ExampleDetail, type TaskConfig, type ValidationLabel } from '@dynaloop/contract';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { ContextPanel } from '../../examples/components/ContextPanel';
import { FieldRows, inputRows, modelRows } from '../../examples/components/ExampleFields';
import { targetNames, validateMetadataFields, valueText } from '../../examples/lib/fields';
import { findSpan, type Span } from '../../examples/lib/selection';

export const VALIDATE_ID_PREFIX = 'validate';

function FoolingBadge({ modelWrong }: { modelWrong: boolean | null }) {
  if (modelWrong === null) {
    return (
      <Badge color="gray" variant="light" tt="none">
        Not decided whether the model was fooled
      </Badge>
    );
  }
  return modelWrong ? (
    <Badge color="teal" variant="light" tt="none">
      The model was fooled
    </Badge>
  ) : (
    <Badge color="orange" variant="light" tt="none">
      The model was not fooled
    </Badge>
  );
}

interface ExampleToValidateProps {
  config: TaskConfig;
  example: ExampleDetail;
  label: ValidationLabel | null;
  /** Passages the validator selected for span notes, by note field. */
  spans: Record<string, Span | null>;
  onSpan: (field: string, span: Span | null) => void;
}

/** The example under validation: its context (answer highlighted), input and the model's answer. */
export function ExampleToValidate({
  config,
  example,
  label,
  spans,
  onSpan,
}: ExampleToValidateProps) {
  const metadataSpans = validateMetadataFields(config, label).filter(
    (f) => f.type === 'context_string_selection' && f.reference_name,
  );
  // The example's answer is highlighted in its context, unless the validator is selecting one.
  const highlights: Record<string, Span | null> = {};
  for (const name of targetNames(config)) {
    const field = config.input.find((f) => f.name === name);
    if (field?.type === 'context_string_selection' && field.reference_name) {
      const text = valueText(example.context[field.reference_name]);
      highlights[field.reference_name] = findSpan(text, valueText(example.input[name]));
    }
  }
  for (const f of metadataSpans) {
    const span = spans[f.name];
    if (span && f.reference_name) highlights[f.reference_name] = span;
  }
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label="Example to validate">
      <Stack gap="md">
        {config.context.length > 0 ? (
          <ContextPanel
            fields={config.context}
            values={example.context}
            idPrefix={VALIDATE_ID_PREFIX}
            highlights={highlights}
            spanInputs={metadataSpans}
            onSpan={onSpan}
          />
        ) : null}
        <FieldRows
          rows={[
            ...inputRows(config, example.input, 'Author’s'),
            ...(example.output ? modelRows(config, example.output) : []),
          ]}
        />
        <Group gap="xs">
          <FoolingBadge modelWrong={example.model_wrong} />
          {example.model_endpoint_name ? (
            <Text size="xs" c="dimmed">
              Model: {example.model_endpoint_name}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
