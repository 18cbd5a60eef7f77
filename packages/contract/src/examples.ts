import { z } from 'zod';
import { jsonObjectString } from './users.js';

export const exampleCreateBody = z
  .object({
    tid: z.number().int().positive(),
    rid: z.number().int().min(1),
    cid: z.number().int().positive(),
    uid: z.number().int().positive().nullable().optional(),
    input: z.record(z.string(), z.unknown()),
    output: z.record(z.string(), z.unknown()).nullable().optional(),
    model_signature: z.string().max(200).nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).default({}),
    model_wrong: z.boolean().nullable().optional(),
    tag: z.string().max(200).nullable().optional(),
    model_endpoint_name: z.string().max(300).nullable().optional(),
    time_elapsed_ms: z.number().int().min(0).max(86_400_000).optional(),
    /** Crowd-worker mode: the worker's id on the crowd platform. */
    annotator_id: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: 'ExampleCreate' });
export type ExampleCreateBody = z.infer<typeof exampleCreateBody>;

/** Headers of POST /examples: a retry with the same Idempotency-Key stores the example once. */
export const exampleCreateHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('8 to 128 letters, digits or . _ : -; a retry with the same key is stored once'),
});
export type ExampleCreateHeaders = z.input<typeof exampleCreateHeaders>;

export const exampleCreated = z.object({
  success: z.literal('ok'),
  id: z.number().int(),
  model_wrong: z.boolean().nullable(),
  badges: z.string().nullable(),
});
export type ExampleCreated = z.infer<typeof exampleCreated>;

/** Whether the model was fooled, by the task's metric (null: the metric cannot tell). */
export const exampleEvaluated = z.object({
  success: z.literal('ok'),
  model_wrong: z.boolean().nullable(),
});

export const exampleUpdateBody = z.strictObject({
  annotator_id: z.string().trim().min(1).max(200).optional(),
  retracted: z.literal(true).optional(),
  flagged: z.literal(true).optional(),
  /**
   * true: the model was fooled (from false, or from null on `ask_user` tasks); false: the
   * author's answer on an `ask_user` task that the model was right (from null only).
   */
  model_wrong: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** The original API's way to add metadata: a JSON object as a string. */
  metadata_json: jsonObjectString.optional(),
});
export type ExampleUpdateBody = z.input<typeof exampleUpdateBody>;

export const exampleDetail = z
  .object({
    id: z.number().int(),
    tid: z.number().int(),
    rid: z.number().int(),
    cid: z.number().int(),
    uid: z.number().int().nullable(),
    tag: z.string().nullable(),
    input: z.record(z.string(), z.unknown()),
    output: z.record(z.string(), z.unknown()).nullable(),
    metadata: z.record(z.string(), z.unknown()),
    /** The context's fields, and (for clients of the original API) `context_json`: them as JSON. */
    context: z.record(z.string(), z.unknown()),
    /** `input`, `output` and `metadata` as JSON strings, as the original API sent them. */
    input_json: z.string(),
    output_json: z.string().nullable(),
    metadata_json: z.string(),
    model_wrong: z.boolean().nullable(),
    model_endpoint_name: z.string().nullable(),
    retracted: z.boolean(),
    flagged: z.boolean(),
    total_verified: z.number().int(),
    verdict: z.string(),
    generated_datetime: z.string(),
  })
  .meta({ id: 'Example' });
export type ExampleDetail = z.infer<typeof exampleDetail>;

export const validationBody = z.object({
  label: z.enum(['correct', 'incorrect', 'flagged']),
  mode: z.enum(['user', 'owner']).default('user'),
  metadata: z.record(z.string(), z.unknown()).default({}),
  /** Crowd-worker mode: the validating worker's id. */
  annotator_id: z.string().trim().min(1).max(200).optional(),
});
export type ValidationBody = z.input<typeof validationBody>;
export type ValidationLabel = ValidationBody['label'];
export const validationResult = exampleDetail.extend({ badges: z.string().nullable() });
export type ValidationResult = z.infer<typeof validationResult>;

/** A context to write an example for (GET /contexts/:task/:round/:method). */
export const pickedContext = z.object({
  id: z.number().int(),
  r_realid: z.number().int(),
  context: z.record(z.string(), z.unknown()),
  tag: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** `context` and `metadata` as JSON strings, as the original API sent them. */
  context_json: z.string(),
  metadata_json: z.string(),
});
export type PickedContext = z.infer<typeof pickedContext>;

export const examplePickerQuery = z.object({
  tags: z.string().max(1000).optional(),
  context_tags: z.string().max(1000).optional(),
  annotator_id: z.string().max(200).optional(),
});

export const userLeaderboardRow = z
  .object({
    uid: z.number().int(),
    username: z.string(),
    avatar_url: z.string(),
    MER: z.string(),
    total: z.string(),
    count: z.number().int(),
  })
  .meta({ id: 'UserLeaderboardRow' });
export type UserLeaderboardRow = z.infer<typeof userLeaderboardRow>;

export const roundAgreement = z
  .object({
    rid: z.number().int(),
    collected: z.number().int(),
    verified_fooled: z.number().int(),
    /** Verified model error rate, % of collected examples verified as fooling. */
    verified_mer: z.number().nullable(),
    verified_mer_ci: z.tuple([z.number(), z.number()]).nullable(),
    examples_validated: z.number().int(),
    validations: z.number().int(),
    /** Krippendorff's alpha (nominal) over the validators' labels of each example. */
    alpha: z.number().nullable(),
    alpha_ci: z.tuple([z.number(), z.number()]).nullable(),
  })
  .meta({ id: 'RoundAgreement' });
export type RoundAgreement = z.infer<typeof roundAgreement>;

/** The query of the owner exports (GET /tasks/:id/export, /tasks/:id/rounds/:rid/export). */
export const exportQuery = z.object({
  format: z
    .enum(['examples'], {
      error:
        'format must be "examples" (the bare array of examples) or left out (the envelope with the rounds\' agreement figures)',
    })
    .optional()
    .describe(
      'Left out: an object {format, task, exported_at, rounds: [{rid, agreement}], examples}. "examples": the bare array of examples, as the original export.',
    ),
});
export type ExportQuery = z.infer<typeof exportQuery>;
