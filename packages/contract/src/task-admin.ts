import { z } from 'zod';
import {
  CONTEXT_SELECTION_METHODS,
  DATASET_ACCESS_TYPES,
  DATASET_LOG_ACCESS_TYPES,
} from './constants.js';
import { isModelEndpointUrl, MODEL_ENDPOINT_URL_RULE } from './endpoints.js';
import { roundSummary } from './tasks.js';

export const orderedMetric = z.object({
  name: z.string(),
  field_name: z.string(),
  default_weight: z.number(),
  unit: z.string(),
  utility_direction: z.number(),
  offset: z.number(),
});

/** Form values of the original owner console arrive as text: "3" reads as 3. */
function digitsAsNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/** GET /tasks/{task}: everything the task page, create page and owner console read. */
export const taskDetail = z
  .object({
    id: z.number().int(),
    task_code: z.string(),
    name: z.string(),
    desc: z.string().nullable(),
    config_yaml: z.string(),
    instructions_md: z.string(),
    general_instructions: z.string().nullable(),
    leaderboard_description: z.string().nullable(),
    predictions_upload_instructions_md: z.string().nullable(),
    train_file_upload_instructions_md: z.string().nullable(),
    mlcube_tutorial_markdown: z.string().nullable(),
    cur_round: z.number().int(),
    round: roundSummary
      .extend({
        /**
         * The platform-served models in the loop of the current round as the original API wrote
         * them: `|`-separated absolute URLs ending in `predict?model=<endpoint>`; null when none.
         * Clients of that API pick one at random (docs/compatibility.md).
         */
        url: z.string().nullable(),
      })
      .nullable(),
    last_updated: z.string().nullable(),
    active: z.boolean(),
    hidden: z.boolean(),
    official: z.boolean(),
    challenge_type: z.number().int(),
    dynamic_adversarial_data_collection: z.boolean(),
    dynamic_adversarial_data_validation: z.boolean(),
    submitable: z.boolean(),
    has_predictions_upload: z.boolean(),
    has_train_file_upload: z.boolean(),
    validate_non_fooling: z.boolean(),
    num_matching_validations: z.number().int(),
    unpublished_models_in_leaderboard: z.boolean(),
    context_selection_method: z.string(),
    show_trends: z.boolean(),
    show_leaderboard: z.boolean(),
    show_user_leaderboard: z.boolean(),
    perf_metric_field_name: z.string().nullable(),
    ordered_metrics: z.array(orderedMetric),
    ordered_scoring_datasets: z.array(
      z.object({ id: z.number().int(), name: z.string(), default_weight: z.number() }),
    ),
    ordered_datasets: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'TaskDetail' });
export type TaskDetail = z.infer<typeof taskDetail>;

export const roundDetail = roundSummary
  .omit({ cur_round: true })
  .extend({
    tid: z.number().int(),
    start_datetime: z.string(),
    end_datetime: z.string().nullable(),
  })
  .meta({ id: 'RoundDetail' });
export type RoundDetail = z.infer<typeof roundDetail>;
/** A round as the owner console lists it, with its number of contexts. */
export const ownerRound = roundDetail.extend({ context_count: z.number().int() });
export type OwnerRound = z.infer<typeof ownerRound>;

export const taskParam = z.object({ task: z.string().min(1).max(100) });
export const taskIdParam = z.object({ id: z.coerce.number().int().positive() });
export const taskRoundParams = z.object({
  task: z.string().min(1).max(100),
  round: z.coerce.number().int().min(1),
});

export const trends = z.array(z.record(z.string(), z.number()));

/** Settings an owner may change (PUT /tasks/update/{id}); any other key is refused. */
export const taskUpdateBody = z
  .strictObject({
    name: z.string().trim().min(1).max(120).optional(),
    desc: z.string().trim().max(255).nullable().optional(),
    instructions_md: z.string().max(100_000).optional(),
    general_instructions: z.string().max(100_000).nullable().optional(),
    leaderboard_description: z.string().max(10_000).nullable().optional(),
    predictions_upload_instructions_md: z.string().max(100_000).nullable().optional(),
    train_file_upload_instructions_md: z.string().max(100_000).nullable().optional(),
    hidden: z.boolean().optional(),
    submitable: z.boolean().optional(),
    has_predictions_upload: z.boolean().optional(),
    unpublished_models_in_leaderboard: z.boolean().optional(),
    validate_non_fooling: z.boolean().optional(),
    num_matching_validations: z
      .preprocess(digitsAsNumber, z.number().int().min(1).max(20))
      .optional(),
    context_selection_method: z.enum(CONTEXT_SELECTION_METHODS).optional(),
    show_trends: z.boolean().optional(),
    show_leaderboard: z.boolean().optional(),
    show_user_leaderboard: z.boolean().optional(),
    config_yaml: z.string().max(200_000).optional(),
  })
  .meta({ id: 'TaskUpdate' });
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

export const activateBody = z.object({ config_yaml: z.string().min(1).max(200_000) });
export const owner = z.object({ id: z.number().int(), username: z.string() });
export type Owner = z.infer<typeof owner>;
export const toggleOwnerParams = z.object({
  id: z.coerce.number().int().positive(),
  username: z.string().min(1).max(100),
});
export const createRoundBody = z.object({
  desc: z.string().max(255).nullable().optional(),
  longdesc: z.string().max(20_000).nullable().optional(),
});
export type CreateRoundBody = z.input<typeof createRoundBody>;
export const modelsInTheLoopBody = z.object({
  model_ids: z.array(z.number().int().positive()).max(50),
  longdesc: z.string().max(20_000).nullable().optional(),
});
export const taskRoundIdParams = z.object({
  id: z.coerce.number().int().positive(),
  rid: z.coerce.number().int().min(1),
});

export const taskModel = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['builtin', 'uploaded', 'remote', 'predictions', 'train_files']),
  desc: z.string().nullable(),
  uid: z.number().int().nullable(),
  username: z.string().nullable(),
  is_published: z.boolean(),
  deployment_status: z.string(),
  light_model: z.string().nullable(),
  rounds_in_the_loop: z.array(z.number().int()),
});

export type TaskModel = z.infer<typeof taskModel>;
/** A model in the loop of the current round, with the endpoint the create page calls. */
export const loopModel = z.object({
  id: z.number().int(),
  name: z.string(),
  light_model: z.string(),
  endpoint_name: z.string(),
});
export type LoopModel = z.infer<typeof loopModel>;

/** A model of the task as the owner console lists it; model_id and model_name for old clients. */
export const modelIdentifier = taskModel.extend({
  model_id: z.number().int(),
  model_name: z.string(),
});

/** One model of a round's target selection (the original owner console's model picker). */
export const targetSelectionModel = z.object({
  model_id: z.number().int(),
  model_name: z.string(),
  deployment_status: z.string(),
  is_published: z.boolean(),
  is_target: z.boolean(),
});

const endpointUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(isModelEndpointUrl, { message: MODEL_ENDPOINT_URL_RULE });

export const remoteModelBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    endpoint_url: endpointUrl,
    desc: z.string().trim().max(2000).nullable().optional(),
  })
  .meta({ id: 'RemoteModel' });
export type RemoteModelBody = z.infer<typeof remoteModelBody>;
export const remoteModelUpdateBody = remoteModelBody.partial().meta({ id: 'RemoteModelUpdate' });
export type RemoteModelUpdateBody = z.infer<typeof remoteModelUpdateBody>;
export const taskModelParams = z.object({
  id: z.coerce.number().int().positive(),
  mid: z.coerce.number().int().positive(),
});
/** The secret a remote model signs its answers with (docs/model-protocol.md); shown once. */
export const remoteModelCreated = z.object({ model: taskModel, secret: z.string() });
export const modelSecret = z.object({ secret: z.string() });

export const dataset = z
  .object({
    id: z.number().int(),
    tid: z.number().int(),
    name: z.string(),
    desc: z.string().nullable(),
    longdesc: z.string().nullable(),
    source_url: z.string().nullable(),
    rid: z.number().int(),
    access_type: z.enum(DATASET_ACCESS_TYPES),
    log_access_type: z.enum(DATASET_LOG_ACCESS_TYPES),
    weight: z.number().nullable(),
    line_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Dataset' });
export type Dataset = z.infer<typeof dataset>;

export const datasetUpdateBody = z.strictObject({
  longdesc: z.string().max(20_000).nullable().optional(),
  rid: z.preprocess(digitsAsNumber, z.number().int().min(0)).optional(),
  source_url: z
    .preprocess((v) => (v === '' ? null : v), z.string().url().max(2000).nullable())
    .optional(),
  access_type: z.enum(DATASET_ACCESS_TYPES).optional(),
  log_access_type: z.enum(DATASET_LOG_ACCESS_TYPES).optional(),
  weight: z.number().min(0).max(5).nullable().optional(),
});
export type DatasetUpdateBody = z.input<typeof datasetUpdateBody>;
export const datasetCreateParams = z.object({
  id: z.coerce.number().int().positive(),
  name: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,62}$/, 'Dataset names use letters, digits and dashes (at most 62)'),
});
export const datasetCreated = z.object({
  success: z.literal('ok'),
  dataset,
  updated_existing_dataset: z.boolean(),
  evaluations_queued: z.number().int(),
});
export type DatasetCreated = z.infer<typeof datasetCreated>;

export const uploadProblem = z.object({
  line: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export const contextsUploaded = z.object({ success: z.literal('ok'), count: z.number().int() });
export type ContextsUploaded = z.infer<typeof contextsUploaded>;
export const contextUploadParams = z.object({
  task: z.coerce.number().int().positive(),
  round: z.coerce.number().int().min(1),
});

export const convertBody = z.object({ data: z.record(z.string(), z.unknown()) });
export const convertResult = z.object({ data: z.record(z.string(), z.unknown()) });

export const proposalCreateBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(120),
    task_code: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(60)
      .regex(/^[A-Za-z0-9_-]*$/, 'Task codes use letters, digits, _ and - only')
      .regex(/[A-Za-z]/, 'Task codes need at least one letter'),
    desc: z.string().trim().min(1, 'Required').max(255),
    longdesc: z.string().trim().min(1, 'Required').max(20_000),
  })
  .meta({ id: 'ProposalCreate' });
export type ProposalCreateBody = z.input<typeof proposalCreateBody>;
export const processProposalBody = z.object({
  accept: z.boolean(),
  changes: z.string().max(20_000).nullable().optional(),
});
