import { squadF1 } from './squad.js';

export type ModelWrongMetric =
  | { type: 'exact_match'; reference_names: readonly string[] }
  | { type: 'string_f1'; reference_name: string; threshold: number }
  | { type: 'ask_user' };

export class MissingKeysError extends Error {
  constructor(readonly keys: string[]) {
    super(`Missing keys: ${keys.join(', ')}`);
  }
}

/**
 * Did the model get it wrong? The contributor's targets against the model's output:
 * `exact_match` — wrong if any reference field differs; `string_f1` — wrong if the SQuAD F1 of
 * the model's answer against the contributor's is below the threshold; `ask_user` — unknown
 * (null): the contributor is asked.
 */
export function modelWrong(
  metric: ModelWrongMetric,
  target: Record<string, unknown>,
  output: Record<string, unknown>,
): boolean | null {
  if (metric.type === 'ask_user') return null;
  const keys = metric.type === 'exact_match' ? metric.reference_names : [metric.reference_name];
  const missing = keys.filter((k) => !(k in target) || !(k in output));
  if (missing.length) throw new MissingKeysError(missing);
  if (metric.type === 'exact_match') {
    return keys.some((k) => JSON.stringify(target[k]) !== JSON.stringify(output[k]));
  }
  const gold = target[metric.reference_name];
  const golds = Array.isArray(gold) ? gold.map(String) : [String(gold)];
  return squadF1(String(output[metric.reference_name] ?? ''), golds) < metric.threshold;
}
