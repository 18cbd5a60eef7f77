import { modelInputFields, parseTaskConfig } from '@dynaloop/contract';
import { BUILTIN_MODELS, signModelAnswer } from '@dynaloop/models';
import { type ModelRow, type TaskRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';

/**
 * Answers for a built-in model, signed with the model's secret so that an example can later
 * prove what the model said.
 */
export function predictBuiltin(
  task: TaskRow,
  model: ModelRow,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const builtin = model.builtin_name ? BUILTIN_MODELS[model.builtin_name] : undefined;
  if (!builtin || model.kind !== 'builtin') throw errors.notFound('Model endpoint');
  if (model.deployment_status !== 'deployed') throw errors.conflict('This model is not deployed');
  const parsed = parseTaskConfig(task.config_yaml);
  if (!parsed.ok) throw errors.conflict('The task of this model has no valid configuration');
  const fields = modelInputFields(parsed.config);
  const missing = fields.filter(
    (f) => typeof body[f] !== 'string' || (body[f] as string).length === 0,
  );
  if (missing.length) {
    throw errors.validation(
      `The model needs ${missing.join(', ')}`,
      missing.map((f) => ({ path: `body.${f}`, message: 'is required' })),
    );
  }
  const input = Object.fromEntries(fields.map((f) => [f, body[f]]));
  const output = builtin.predict(input);
  return {
    ...output,
    signature: signModelAnswer(model.secret, task.task_code, input, output),
    model_name: model.name,
  };
}
