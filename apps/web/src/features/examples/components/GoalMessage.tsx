import { type TaskConfig } from '@dynaloop/contract';
import { Box, NativeSelect, Text } from '@mantine/core';
import { editableInputs, fieldLabel, goalField, targetNames } from '../lib/fields';

interface GoalMessageProps {
  config: TaskConfig;
  hasModel: boolean;
  /** The goal field's value (the label the example should have). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** What the contributor writes, lower-cased: the first free-text input ("statement"). */
function exampleNoun(config: TaskConfig): string {
  const targets = new Set(targetNames(config));
  const text = editableInputs(config).find((f) => f.type === 'string' && !targets.has(f.name));
  return text ? fieldLabel(text).toLowerCase() : 'example';
}

/**
 * "Your goal: …". A multiclass input marked as_goal_message is chosen inside the sentence
 * ("enter a [negative] statement that fools the model"); otherwise the configuration's
 * goal_message is shown.
 */
export function GoalMessage({ config, hasModel, value, onChange, error }: GoalMessageProps) {
  const field = goalField(config);
  if (!field) {
    if (!config.goal_message) return null;
    return (
      <Text size="lg">
        <strong>Your goal:</strong> {config.goal_message}
      </Text>
    );
  }
  const noun = exampleNoun(config);
  const errorId = 'goal-label-error';
  return (
    <Box>
      <Text size="lg" component="div" style={{ lineHeight: 2.2 }}>
        <strong>Your goal:</strong> enter {value ? article(value) : 'a'}{' '}
        <NativeSelect
          aria-label={fieldLabel(field)}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          data={[
            { value: '', label: 'choose a label', disabled: true },
            ...(field.labels ?? []).map((label) => ({ value: label, label })),
          ]}
          display="inline-block"
          w="auto"
          size="sm"
          styles={{ input: { fontWeight: 700 } }}
          style={{ verticalAlign: 'middle' }}
        />{' '}
        {noun}
        {hasModel ? ' that fools the model.' : '.'}
      </Text>
      {error ? (
        <Text id={errorId} size="sm" c="red">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
