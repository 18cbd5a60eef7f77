import { type TaskConfig } from './task-config.js';

/**
 * What a model receives (docs/model-protocol.md), written once for the server and the SPA: every
 * context field and every input field that is not a target (an input also named as an output is
 * what the model must predict). Free of zod, so the SPA imports it from
 * `@dynaloop/contract/model-input`.
 */

type FieldsOf = Pick<TaskConfig, 'context' | 'input' | 'output'>;

/** The names of the fields a model reads: the context fields, then the non-target inputs. */
export function modelInputFields(config: FieldsOf): string[] {
  const targets = new Set(config.output.map((o) => o.name));
  return [
    ...config.context.map((f) => f.name),
    ...config.input.map((f) => f.name).filter((n) => !targets.has(n)),
  ];
}

/**
 * The body a model receives for an example: each model field given in the context or the input;
 * where both hold a field, the input's value wins. A field given in neither is left out.
 */
export function modelInput(
  config: FieldsOf,
  context: Record<string, unknown>,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of modelInputFields(config)) {
    if (f in input) body[f] = input[f];
    else if (f in context) body[f] = context[f];
  }
  return body;
}
