import { callApi } from '../../../lib/api-client';
import { type FieldValues } from '../lib/fields';

/** POST /examples/evaluate: whether the model was fooled, by the task's metric (sandbox). */
export async function evaluateExample(
  tid: number,
  target: FieldValues,
  output: FieldValues,
): Promise<boolean | null> {
  const result = await callApi('evaluateExample', { body: { tid, target, output } });
  return result.model_wrong;
}
