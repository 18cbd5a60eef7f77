import {
  type ExampleCreateBody,
  type ExampleCreated,
  type LoopModel,
  type PickedContext,
  type TaskConfig,
  type TaskDetail,
} from '@dynaloop/contract';
import { askModel, type ModelAnswer } from '../../models/api/ask-model';
import { type FieldValues, modelInput, outputNames, targetNames } from '../lib/fields';
import { pendingExample, type PendingExample, storeExample } from './create-example';
import { evaluateExample } from './evaluate-example';

/** What one submission is written against. */
export interface SubmitTarget {
  task: TaskDetail;
  config: TaskConfig;
  context: PickedContext;
  /** The model in the loop that answers, or null when the task has none. */
  model: LoopModel | null;
  /** Store the example (Live Mode); false in Sandbox. */
  live: boolean;
  /** Not logged in: the model is called with a guest trial token. */
  guest: boolean;
  /** When the contributor started on this context (for time_elapsed_ms). */
  startedAt: number;
}

/** A submission as the list of submitted examples shows it. */
export interface Submission {
  id: string;
  input: FieldValues;
  answer: ModelAnswer | null;
  modelName: string | null;
  /** null: not decided (no model, an ask_user task, or the evaluation failed). */
  modelWrong: boolean | null;
  /** The stored example; null in Sandbox. */
  stored: ExampleCreated | null;
}

/** Storing failed after the model answered: the same example (and key) can be sent again. */
export class StoreFailed extends Error {
  constructor(
    readonly pending: PendingExample,
    readonly answer: ModelAnswer | null,
    readonly modelName: string | null,
    override readonly cause: unknown,
  ) {
    super('The example was not stored');
    this.name = 'StoreFailed';
  }
}

function pick(values: FieldValues, names: string[]): FieldValues {
  return Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]]));
}

let localIds = 0;
function localId(): string {
  localIds += 1;
  return `submission-${String(localIds)}`;
}

function exampleBody(target: SubmitTarget, input: FieldValues, answer: ModelAnswer | null) {
  const { task, config, context, model } = target;
  const body: ExampleCreateBody = {
    tid: task.id,
    rid: task.cur_round,
    cid: context.id,
    input,
    metadata: {},
    tag: context.tag,
    time_elapsed_ms: Math.min(Math.max(0, Date.now() - target.startedAt), 86_400_000),
  };
  if (answer && model) {
    body.output = answer.output;
    body.model_signature = answer.signature;
    body.model_endpoint_name = model.endpoint_name;
    // The server decides by the task's metric; only ask_user tasks take the contributor's word,
    // which starts as "not fooled" and is confirmed on the card.
    if (config.model_wrong_metric.type === 'ask_user') body.model_wrong = false;
  }
  return body;
}

/** Sends a stored-or-retried example and turns its answer into a submission. */
export async function storePending(
  pending: PendingExample,
  answer: ModelAnswer | null,
  modelName: string | null,
): Promise<Submission> {
  try {
    const stored = await storeExample(pending);
    return {
      id: localId(),
      input: pending.body.input,
      answer,
      modelName,
      modelWrong: stored.model_wrong,
      stored,
    };
  } catch (error) {
    throw new StoreFailed(pending, answer, modelName, error);
  }
}

/**
 * One example: the model's answer (nothing is stored when it fails), then, in Live Mode, the
 * stored example with the server's verdict; in Sandbox the verdict of POST /examples/evaluate.
 */
export async function submitExample(target: SubmitTarget, input: FieldValues): Promise<Submission> {
  const { task, config, context, model } = target;
  const answer = model
    ? await askModel(
        model.light_model,
        modelInput(config, context.context, input),
        outputNames(config),
        {
          guest: target.guest,
        },
      )
    : null;
  const modelName = model ? answer?.modelName || model.name : null;
  if (target.live) {
    return storePending(pendingExample(exampleBody(target, input, answer)), answer, modelName);
  }
  let modelWrong: boolean | null = null;
  if (answer && config.model_wrong_metric.type !== 'ask_user') {
    const targets = targetNames(config);
    modelWrong = await evaluateExample(task.id, pick(input, targets), answer.output).catch(
      () => null,
    );
  }
  return { id: localId(), input, answer, modelName, modelWrong, stored: null };
}
