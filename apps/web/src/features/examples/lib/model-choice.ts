import { type LoopModel } from '@dynaloop/contract';

/** Which model in the loop answers on the create page. */
export interface ModelChoice {
  model: LoopModel | null;
  /** A model named in the URL (`?model=<id>`) and found in the loop. */
  specific: boolean;
  /** `?model=<id>` named a model that is not in the loop of the current round. */
  requestedMissing: boolean;
}

/** The model named in the URL when it is in the loop, else one of the loop drawn by `seed`. */
export function chooseModel(
  models: LoopModel[],
  requested: number | null,
  seed: number,
): ModelChoice {
  const named = requested === null ? undefined : models.find((m) => m.id === requested);
  if (named) return { model: named, specific: true, requestedMissing: false };
  const random = models.length > 0 ? models[Math.floor(seed * models.length)] : undefined;
  return { model: random ?? null, specific: false, requestedMissing: requested !== null };
}

/** The create page's heading (spec §2). */
export function createHeading(choice: ModelChoice): string {
  if (!choice.model) return 'Find examples';
  return choice.specific
    ? `Find examples that fool ${choice.model.name}`
    : 'Find examples that fool the model';
}
