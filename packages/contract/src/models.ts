import { z } from 'zod';
import {
  DATASET_ACCESS_TYPES,
  DATASET_LOG_ACCESS_TYPES,
  EVALUATION_STATUSES,
} from './constants.js';

/** Models: details, owner edits, file submissions and evaluation progress (spec §3 Model). */

export const modelParam = z.object({ id: z.coerce.number().int().positive() });
export const modelDatasetParams = z.object({
  mid: z.coerce.number().int().positive(),
  did: z.coerce.number().int().positive(),
});
export const uploadPredictionsParams = z.object({
  task: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(255),
});
export const modelEventsQuery = z.object({ access_token: z.string().max(4096).optional() });

const datasetInfo = {
  dataset_id: z.number().int(),
  dataset_name: z.string(),
  dataset_longdesc: z.string().nullable(),
  dataset_source_url: z.string().nullable(),
  dataset_log_access_type: z.enum(DATASET_LOG_ACCESS_TYPES),
};

export const evaluationRecord = z
  .object({
    id: z.number().int(),
    metric: z.string(),
    perf: z.number().nullable(),
    n_examples: z.number().int(),
    dataset_sha256: z.string(),
    submission_sha256: z.string().nullable(),
    model_version: z.string().nullable(),
    scoring_version: z.string(),
    seed: z.number(),
    bootstrap_replicates: z.number().int(),
    started_at: z.string(),
    finished_at: z.string(),
    runtime_ms: z.number().int(),
    machine: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'EvaluationRecord' });

export const modelScore = z
  .object({
    accuracy: z.number().nullable(),
    perf_std: z.number().nullable(),
    /** 95% paired-bootstrap interval of the perf metric. */
    perf_ci_low: z.number().nullable(),
    perf_ci_high: z.number().nullable(),
    pretty_perf: z.string().nullable(),
    round_id: z.number().int(),
    did: z.number().int(),
    metadata_json: z.record(z.string(), z.unknown()),
    dataset_access_type: z.enum(DATASET_ACCESS_TYPES),
    evaluation_record: evaluationRecord.nullable(),
    ...datasetInfo,
  })
  .meta({ id: 'ModelScore' });

export const modelEvaluationStatus = z
  .object({
    ...datasetInfo,
    evaluation_status: z.enum(EVALUATION_STATUSES),
    /** Place among every waiting evaluation (1 = next), while waiting. */
    queue_position: z.number().int().nullable(),
    /** Estimated seconds until done, from recent run times; null without history. */
    eta_seconds: z.number().int().nullable(),
    attempts: z.number().int(),
    /** Why it failed, safe to show. */
    message: z.string().nullable(),
    counts_against_quota: z.boolean(),
  })
  .meta({ id: 'ModelEvaluationStatus' });

export const modelDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    uid: z.number().int().nullable(),
    username: z.string().nullable(),
    tid: z.number().int(),
    task_code: z.string(),
    task_name: z.string(),
    is_published: z.boolean(),
    is_anonymous: z.boolean(),
    deployment_status: z.string(),
    desc: z.string().nullable(),
    longdesc: z.string().nullable(),
    params: z.number(),
    languages: z.string().nullable(),
    license: z.string().nullable(),
    model_card: z.string().nullable(),
    source_url: z.string().nullable(),
    upload_datetime: z.string(),
    light_model: z.string().nullable(),
    endpoint_name: z.string().nullable(),
    kind: z.string(),
    leaderboard_scores: z.array(modelScore),
    non_leaderboard_scores: z.array(modelScore),
    leaderboard_evaluation_statuses: z.array(modelEvaluationStatus),
    non_leaderboard_evaluation_statuses: z.array(modelEvaluationStatus),
    hidden_evaluation_statuses: z.array(modelEvaluationStatus),
    /** Every evaluation of the model, completed ones included, for live status views. */
    evaluation_statuses: z.array(modelEvaluationStatus),
    /** The caller may edit, publish and download as the owner. */
    is_owner: z.boolean(),
    /** The caller owns the task or is an admin: may download every log and prediction file. */
    is_task_admin: z.boolean(),
  })
  .meta({ id: 'ModelDetail' });
export type ModelDetail = z.infer<typeof modelDetail>;
export type ModelScore = z.infer<typeof modelScore>;
export type ModelEvaluationStatus = z.infer<typeof modelEvaluationStatus>;

const optionalText = (max: number) => z.string().max(max).nullable().optional();

export const modelUpdateBody = z
  .object({
    name: z.string().trim().max(255).optional(),
    description: optionalText(100_000),
    params: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    languages: optionalText(2000),
    license: optionalText(2000),
    source_url: optionalText(2000),
    model_card: optionalText(200_000),
    is_anonymous: z.boolean().optional(),
  })
  .strict();
export type ModelUpdateBody = z.infer<typeof modelUpdateBody>;

export const revertStatusResult = z.object({
  success: z.literal('ok'),
  is_published: z.boolean(),
  /** Badges earned by publishing (names), shown in a dialog. */
  badges: z.array(z.string()),
});

export const predictionsUploaded = z.object({
  success: z.literal('ok'),
  model_id: z.number().int(),
  evaluations_queued: z.number().int(),
});

/** The 429 answer of a submission over the limit: when the next one is possible. */
export const SUBMISSION_LIMIT_MESSAGE = 'Submission limit reached';
