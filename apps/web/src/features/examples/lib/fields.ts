import { type AnnotationObject, type TaskConfig } from '@dynaloop/contract';

/**
 * What the create and validate pages read from a task configuration: which input fields are
 * targets (also outputs: the model must predict them), what the model receives, and how fields
 * are named on screen. Free of zod: the configuration is parsed by the page that needs it.
 */

export type FieldValues = Record<string, unknown>;

/** "example_explanation" → "Example explanation"; a display_name wins. */
export function fieldLabel(field: Pick<AnnotationObject, 'name' | 'display_name'>): string {
  const text = field.display_name ?? field.name.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Names of the input fields that are also outputs: what the model must predict. */
export function targetNames(config: TaskConfig): string[] {
  const outputs = new Set(config.output.map((o) => o.name));
  return config.input.map((f) => f.name).filter((name) => outputs.has(name));
}

/** Input fields a contributor fills in (a `prob` input is the model's, never a person's). */
export function editableInputs(config: TaskConfig): AnnotationObject[] {
  return config.input.filter((f) => f.type !== 'prob');
}

/** The multiclass field the goal sentence embeds ("enter a [negative] statement…"), if any. */
export function goalField(config: TaskConfig): AnnotationObject | undefined {
  return config.input.find(
    (f) => f.as_goal_message === true && (f.type === 'multiclass' || f.type === 'target_label'),
  );
}

/** What a model receives: the rule the server checks signatures against, from the contract. */
export { modelInput } from '@dynaloop/contract/model-input';

/** Output names a model answer must hold. */
export function outputNames(config: TaskConfig): string[] {
  return config.output.map((o) => o.name);
}

/** The `prob` output field of the configuration, with its declaration. */
function probField(config: TaskConfig): AnnotationObject | undefined {
  return config.output.find(
    (o): o is AnnotationObject => 'type' in o && (o as AnnotationObject).type === 'prob',
  );
}

/** "87.12%" */
export function percent(value: number): string {
  return `${(100 * value).toFixed(2)}%`;
}

/**
 * The model's confidence in its answer for `target`, if the configuration declares a `prob`
 * output: a single probability, or the probability of the label it answered.
 */
export function answerProbability(
  config: TaskConfig,
  output: FieldValues,
  target: string,
): number | undefined {
  const field = probField(config);
  if (!field) return undefined;
  const value = output[field.name];
  if (typeof value === 'number') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  if (field.reference_name && field.reference_name !== target) return undefined;
  const answer = output[target];
  const p = typeof answer === 'string' ? (value as Record<string, unknown>)[answer] : undefined;
  return typeof p === 'number' ? p : undefined;
}

/** A value as text: lists joined with commas, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean);
}

/** Create-metadata fields to ask for once it is known whether the model was fooled. */
export function createMetadataFields(
  config: TaskConfig,
  modelWrong: boolean | null,
): AnnotationObject[] {
  return (config.metadata?.create ?? []).filter(
    (f) => f.model_wrong_condition === undefined || f.model_wrong_condition === modelWrong,
  );
}

/** Validate-metadata fields asked for with the chosen label. */
export function validateMetadataFields(
  config: TaskConfig,
  label: 'correct' | 'incorrect' | 'flagged' | null,
): AnnotationObject[] {
  return (config.metadata?.validate ?? []).filter(
    (f) => f.validated_label_condition === undefined || f.validated_label_condition === label,
  );
}

/** Whether a field has been given a value (blank text and empty lists do not count). */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The values of the filled fields only, text trimmed. */
export function filledValues(fields: AnnotationObject[], values: FieldValues): FieldValues {
  const result: FieldValues = {};
  for (const f of fields) {
    const value = values[f.name];
    if (!isFilled(value)) continue;
    result[f.name] = typeof value === 'string' && f.type === 'string' ? value.trim() : value;
  }
  return result;
}
