import { type AnnotationObject, type TaskConfig } from '@dynaloop/contract';
import { checkAnnotationValue } from '@dynaloop/contract/task-config';
import { editableInputs, type FieldValues, isFilled } from './fields';

/**
 * Problems of one set of field values, by field name, as the server would find them: every
 * field given, typed as the configuration says (a selected answer must be a passage of its
 * context), text not blank.
 */
export function fieldProblems(
  fields: AnnotationObject[],
  values: FieldValues,
  context: FieldValues,
  { required = true, missingMessage }: { required?: boolean; missingMessage?: string } = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    const value = values[f.name];
    if (!isFilled(value)) {
      if (required) problems[f.name] = missingMessage ?? requiredMessage(f);
      continue;
    }
    const message = checkAnnotationValue(f, value, 'default', { ...context, ...values });
    if (message) problems[f.name] = message;
  }
  return problems;
}

function requiredMessage(field: AnnotationObject): string {
  switch (field.type) {
    case 'multiclass':
    case 'target_label':
      return 'Choose a label';
    case 'multilabel':
      return 'Choose at least one label';
    case 'context_string_selection':
      return 'Select the answer in the text';
    default:
      return 'Required';
  }
}

/** Problems of a contributor's inputs before they are sent to the model. */
export function inputProblems(
  config: TaskConfig,
  values: FieldValues,
  context: FieldValues,
): Record<string, string> {
  return fieldProblems(editableInputs(config), values, context);
}
