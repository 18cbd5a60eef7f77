import { type TaskConfig } from '@dynaloop/contract';
import { Box, Text } from '@mantine/core';
import {
  answerProbability,
  editableInputs,
  fieldLabel,
  type FieldValues,
  percent,
  targetNames,
  valueText,
} from '../lib/fields';

export interface FieldRow {
  label: string;
  value: string;
}

/** Rows of labelled values, as a description list. */
export function FieldRows({ rows }: { rows: FieldRow[] }) {
  return (
    <Box component="dl" m={0}>
      {rows.map((row) => (
        <Box key={row.label} mb={6}>
          <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
            {row.label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** An example's input: what was written, then its label or answer ("Your label"). */
export function inputRows(config: TaskConfig, input: FieldValues, owner = 'Your'): FieldRow[] {
  const targets = new Set(targetNames(config));
  const fields = editableInputs(config);
  return [
    ...fields
      .filter((f) => !targets.has(f.name))
      .map((f) => ({ label: fieldLabel(f), value: valueText(input[f.name]) })),
    ...fields
      .filter((f) => targets.has(f.name))
      .map((f) => ({
        label: `${owner} ${fieldLabel(f).toLowerCase()}`,
        value: valueText(input[f.name]),
      })),
  ];
}

/** The model's answer to each target, with its probability when the model gives one. */
export function modelRows(config: TaskConfig, output: FieldValues): FieldRow[] {
  const targets = targetNames(config);
  const names = targets.length > 0 ? targets : Object.keys(output);
  const labels = new Map(config.input.map((f) => [f.name, fieldLabel(f)]));
  return names
    .filter((name) => name in output)
    .map((name) => {
      const probability = answerProbability(config, output, name);
      const text = valueText(output[name]);
      return {
        label: `Model’s ${(labels.get(name) ?? name).toLowerCase()}`,
        value: probability === undefined ? text : `${text} (${percent(probability)})`,
      };
    });
}
