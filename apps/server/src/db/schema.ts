import {
  type ColumnType,
  type Generated,
  type Insertable,
  type Selectable,
  type Updateable,
} from 'kysely';

/** Timestamps come back as Date and may be written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T = unknown> = ColumnType<T, T | string | undefined, T | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Serial = Generated<number>;
/** bigint columns arrive as strings from pg. */
type BigIntColumn = ColumnType<
  string,
  number | string | bigint | undefined,
  number | string | bigint
>;

export interface UsersTable {
  id: Serial;
  username: string;
  email: string;
  password_hash: string | null;
  realname: string | null;
  affiliation: string | null;
  avatar_url: string | null;
  admin: Defaulted<boolean>;
  examples_submitted: Defaulted<number>;
  examples_verified: Defaulted<number>;
  models_submitted: Defaulted<number>;
  unseen_notifications: Defaulted<number>;
  streak_days: Defaulted<number>;
  streak_examples: Defaulted<number>;
  streak_days_last_model_wrong: NullableTimestamp;
  total_fooled: Defaulted<number>;
  total_verified_fooled: Defaulted<number>;
  total_retracted: Defaulted<number>;
  total_verified_not_correct_fooled: Defaulted<number>;
  settings_json: Json<Record<string, unknown>>;
  metadata_json: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  uid: number;
  token_hash: string;
  family_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface ApiTokensTable {
  id: Serial;
  uid: number;
  token_hash: string;
  token_prefix: string;
  name: Defaulted<string>;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  id: Serial;
  uid: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface TasksTable {
  id: Serial;
  task_code: string;
  name: string;
  desc: string | null;
  config_yaml: Defaulted<string>;
  instructions_md: Defaulted<string>;
  general_instructions: string | null;
  creation_example_md: string | null;
  predictions_upload_instructions_md: string | null;
  train_file_upload_instructions_md: string | null;
  mlcube_tutorial_markdown: string | null;
  leaderboard_description: string | null;
  image_url: string | null;
  documentation_url: string | null;
  cur_round: Defaulted<number>;
  challenge_type: Defaulted<number>;
  active: Defaulted<boolean>;
  hidden: Defaulted<boolean>;
  official: Defaulted<boolean>;
  is_building: Defaulted<boolean>;
  is_finished: Defaulted<boolean>;
  submitable: Defaulted<boolean>;
  has_predictions_upload: Defaulted<boolean>;
  submitable_predictions: Defaulted<boolean>;
  dataperf: Defaulted<boolean>;
  dynamic_adversarial_data_collection: Defaulted<boolean>;
  dynamic_adversarial_data_validation: Defaulted<boolean>;
  accept_sandbox_creation: Defaulted<boolean>;
  validate_non_fooling: Defaulted<boolean>;
  unique_validators_for_example_tags: Defaulted<boolean>;
  num_matching_validations: Defaulted<number>;
  unpublished_models_in_leaderboard: Defaulted<boolean>;
  max_amount_examples_on_a_day: Defaulted<number>;
  context_selection_method: Defaulted<'min' | 'uniform' | 'least_fooled' | 'validation_failed'>;
  dynalab_hr_diff: Defaulted<number>;
  dynalab_threshold: Defaulted<number>;
  instance_type: Defaulted<string>;
  instance_count: Defaulted<number>;
  create_endpoint: Defaulted<boolean>;
  gpu: Defaulted<boolean>;
  show_trends: Defaulted<boolean>;
  show_leaderboard: Defaulted<boolean>;
  show_user_leaderboard: Defaulted<boolean>;
  show_username_leaderboard: Defaulted<boolean>;
  show_user_leaderboard_csv: Defaulted<boolean>;
  crowd_token_hash: string | null;
  last_updated: NullableTimestamp;
  created_at: Timestamp;
}

export interface TaskUserPermissionsTable {
  id: Serial;
  uid: number;
  tid: number;
  type: Defaulted<'owner'>;
  created_at: Timestamp;
}

export interface RoundsTable {
  id: Serial;
  tid: number;
  rid: number;
  secret: string;
  desc: string | null;
  longdesc: string | null;
  total_fooled: Defaulted<number>;
  total_collected: Defaulted<number>;
  total_verified_fooled: Defaulted<number>;
  start_datetime: Timestamp;
  end_datetime: NullableTimestamp;
}

export interface RoundUserExampleInfoTable {
  id: Serial;
  uid: number;
  r_realid: number;
  examples_submitted: Defaulted<number>;
  total_fooled: Defaulted<number>;
  total_verified_not_correct_fooled: Defaulted<number>;
  amount_examples_on_a_day: Defaulted<number>;
  last_used: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContextsTable {
  id: Serial;
  r_realid: number;
  context_json: Json<Record<string, unknown>>;
  tag: string | null;
  metadata_json: Json<Record<string, unknown>>;
  total_used: Defaulted<number>;
  last_used: NullableTimestamp;
  created_at: Timestamp;
}

export type ModelKind = 'builtin' | 'uploaded' | 'remote' | 'predictions' | 'train_files';

export interface ModelsTable {
  id: Serial;
  tid: number;
  uid: number | null;
  name: Defaulted<string>;
  shortname: Defaulted<string>;
  desc: string | null;
  longdesc: string | null;
  papers: string | null;
  params: BigIntColumn;
  languages: string | null;
  license: string | null;
  model_card: string | null;
  source_url: string | null;
  kind: Defaulted<ModelKind>;
  builtin_name: string | null;
  upload_datetime: Timestamp;
  is_published: Defaulted<boolean>;
  is_anonymous: Defaulted<boolean>;
  endpoint_name: string | null;
  light_model: string | null;
  deployment_status: Defaulted<string>;
  deployment_error: string | null;
  secret: string;
  blob_key: string | null;
  manifest_json: Json<Record<string, unknown> | null>;
  last_interaction_at: NullableTimestamp;
  quota_exempt: Defaulted<boolean>;
}

export interface RoundModelsInTheLoopTable {
  r_realid: number;
  mid: number;
  added_at: Timestamp;
}

export interface ExamplesTable {
  id: Serial;
  cid: number;
  r_realid: number;
  tid: number;
  uid: number | null;
  annotator_id: string | null;
  tag: string | null;
  input_json: Json<Record<string, unknown>>;
  output_json: Json<Record<string, unknown> | null>;
  metadata_json: Json<Record<string, unknown>>;
  model_signature: string | null;
  model_endpoint_name: string | null;
  mid: number | null;
  split: Defaulted<string>;
  model_wrong: boolean | null;
  retracted: Defaulted<boolean>;
  flagged: Defaulted<boolean>;
  generated_datetime: Timestamp;
  time_elapsed_ms: number | null;
  total_verified: Defaulted<number>;
  verified_correct: Defaulted<number>;
  verified_incorrect: Defaulted<number>;
  verified_flagged: Defaulted<number>;
  owner_validated: Defaulted<boolean>;
  verdict: Defaulted<'pending' | 'verified_fooled' | 'verified_not_correct' | 'verified_correct'>;
  sandbox: Defaulted<boolean>;
}

export interface ValidationsTable {
  id: Serial;
  eid: number;
  uid: number | null;
  annotator_id: string | null;
  label: 'flagged' | 'correct' | 'incorrect' | 'placeholder';
  mode: 'owner' | 'user';
  metadata_json: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  response_json: Json<unknown>;
  created_at: Timestamp;
}

export type DatasetAccessType = 'scoring' | 'standard' | 'hidden';

export interface DatasetsTable {
  id: Serial;
  tid: number;
  name: string;
  rid: Defaulted<number>;
  desc: string | null;
  longdesc: string | null;
  source_url: string | null;
  access_type: Defaulted<DatasetAccessType>;
  log_access_type: Defaulted<'owner' | 'user'>;
  tags: Defaulted<boolean>;
  has_downstream: Defaulted<boolean>;
  weight: number | null;
  blob_key: string | null;
  line_count: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScoresTable {
  id: Serial;
  mid: number;
  did: number;
  r_realid: number | null;
  desc: string | null;
  longdesc: string | null;
  pretty_perf: string | null;
  perf: number | null;
  perf_std: number | null;
  perf_ci_low: number | null;
  perf_ci_high: number | null;
  metadata_json: Json<Record<string, unknown>>;
  memory_utilization: number | null;
  examples_per_second: number | null;
  fairness: number | null;
  robustness: number | null;
  raw_output_blob_key: string | null;
  bootstrap_replicates: number[] | null;
  evaluation_record_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScorePredictionsTable {
  id: Generated<string>;
  mid: number;
  did: number;
  example_uid: string;
  prediction_json: Json<unknown>;
  metric_json: Json<Record<string, unknown>>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  perturbation: Defaulted<'' | 'fairness' | 'robustness'>;
}

export interface EvaluationJobsTable {
  id: Serial;
  mid: number;
  did: number;
  status: Defaulted<'pre_evaluation' | 'evaluating' | 'completed' | 'failed'>;
  attempts: Defaulted<number>;
  max_attempts: Defaulted<number>;
  retry_class: 'retryable' | 'backoff' | 'terminal' | null;
  heartbeat_at: NullableTimestamp;
  queued_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  error: string | null;
  error_detail: string | null;
  worker_id: string | null;
  failure_cause: 'platform' | 'submission' | null;
  runtime_ms: number | null;
  updated_at: Timestamp;
}

export interface ModelPredictionFilesTable {
  mid: number;
  did: number;
  blob_key: string;
  sha256: string;
  line_count: number;
  bytes: BigIntColumn;
  created_at: Timestamp;
}

export interface EvaluationRecordsTable {
  id: Serial;
  mid: number;
  did: number;
  job_id: number;
  attempt: number;
  metric: string;
  perf: number | null;
  n_examples: number;
  dataset_sha256: string;
  submission_sha256: string | null;
  model_version: string | null;
  scoring_version: string;
  seed: BigIntColumn;
  bootstrap_replicates: number;
  started_at: Timestamp;
  finished_at: Timestamp;
  runtime_ms: number;
  machine_json: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface BadgesTable {
  id: Serial;
  uid: number;
  name: string;
  scope: Defaulted<string>;
  metadata_json: Json<Record<string, unknown>>;
  awarded: Timestamp;
}

export interface NotificationsTable {
  id: Serial;
  uid: number;
  type: string;
  message: string;
  metadata_json: Json<Record<string, unknown>>;
  seen: Defaulted<boolean>;
  created: Timestamp;
}

export interface LeaderboardNamesTable {
  tid: number;
  name: string;
  kind: 'fork' | 'snapshot';
}

export interface LeaderboardConfigurationsTable {
  id: Serial;
  tid: number;
  uid: number | null;
  name: string;
  kind: Defaulted<'fork'>;
  configuration_json: Json<Record<string, unknown>>;
  desc: string | null;
  create_datetime: Timestamp;
}

export interface LeaderboardSnapshotsTable {
  id: Serial;
  tid: number;
  uid: number | null;
  name: string;
  kind: Defaulted<'snapshot'>;
  desc: string | null;
  data_json: Json<Record<string, unknown>>;
  create_datetime: Timestamp;
}

export interface TaskProposalsTable {
  id: Serial;
  uid: number | null;
  task_code: string;
  name: string;
  desc: string;
  longdesc: string;
  status: Defaulted<'pending' | 'accepted' | 'rejected'>;
  changes: string | null;
  processed_by: number | null;
  processed_at: NullableTimestamp;
  tid: number | null;
  created_at: Timestamp;
}

export interface OutboxMailsTable {
  id: Serial;
  to_address: string;
  subject: string;
  body_text: string;
  template: string;
  uid: number | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  attempts: Defaulted<number>;
  last_error: string | null;
}

export interface PlatformStateTable {
  key: string;
  value_json: Json<unknown>;
  updated_at: Timestamp;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  count: number;
  last_hit_at: Generated<Date>;
}

export interface Database {
  rate_limit_counters: RateLimitCountersTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  api_tokens: ApiTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  tasks: TasksTable;
  task_user_permissions: TaskUserPermissionsTable;
  rounds: RoundsTable;
  round_user_example_info: RoundUserExampleInfoTable;
  contexts: ContextsTable;
  models: ModelsTable;
  round_models_in_the_loop: RoundModelsInTheLoopTable;
  examples: ExamplesTable;
  validations: ValidationsTable;
  idempotency_keys: IdempotencyKeysTable;
  datasets: DatasetsTable;
  scores: ScoresTable;
  score_predictions: ScorePredictionsTable;
  evaluation_jobs: EvaluationJobsTable;
  evaluation_records: EvaluationRecordsTable;
  model_prediction_files: ModelPredictionFilesTable;
  badges: BadgesTable;
  notifications: NotificationsTable;
  leaderboard_names: LeaderboardNamesTable;
  leaderboard_configurations: LeaderboardConfigurationsTable;
  leaderboard_snapshots: LeaderboardSnapshotsTable;
  task_proposals: TaskProposalsTable;
  outbox_mails: OutboxMailsTable;
  platform_state: PlatformStateTable;
}

export type UserRow = Selectable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type TaskUpdate = Updateable<TasksTable>;
export type RoundRow = Selectable<RoundsTable>;
export type DatasetRow = Selectable<DatasetsTable>;
export type ModelRow = Selectable<ModelsTable>;
