import { type Kysely, sql } from 'kysely';

/**
 * The whole data model (spec §3, ARCHITECTURE §6). Frozen: never import application code
 * here, never edit after release; change the schema with a new, later migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text,
  realname text,
  affiliation text,
  avatar_url text,
  admin boolean NOT NULL DEFAULT false,
  examples_submitted integer NOT NULL DEFAULT 0 CHECK (examples_submitted >= 0),
  examples_verified integer NOT NULL DEFAULT 0 CHECK (examples_verified >= 0),
  models_submitted integer NOT NULL DEFAULT 0 CHECK (models_submitted >= 0),
  unseen_notifications integer NOT NULL DEFAULT 0 CHECK (unseen_notifications >= 0),
  streak_days integer NOT NULL DEFAULT 0,
  streak_examples integer NOT NULL DEFAULT 0,
  streak_days_last_model_wrong timestamptz,
  total_fooled integer NOT NULL DEFAULT 0,
  total_verified_fooled integer NOT NULL DEFAULT 0,
  total_retracted integer NOT NULL DEFAULT 0,
  total_verified_not_correct_fooled integer NOT NULL DEFAULT 0,
  settings_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT users_username_not_blank CHECK (length(btrim(username)) > 0),
  CONSTRAINT users_email_not_blank CHECK (length(btrim(email)) > 0)
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE INDEX refresh_tokens_uid_idx ON refresh_tokens (uid);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE TABLE api_tokens (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  name text NOT NULL DEFAULT 'default',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_uid_idx ON api_tokens (uid);

CREATE TABLE password_reset_tokens (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_uid_idx ON password_reset_tokens (uid);

CREATE TABLE tasks (
  id serial PRIMARY KEY,
  task_code text NOT NULL,
  name text NOT NULL,
  "desc" text,
  config_yaml text NOT NULL DEFAULT '',
  instructions_md text NOT NULL DEFAULT '',
  general_instructions text,
  creation_example_md text,
  predictions_upload_instructions_md text,
  train_file_upload_instructions_md text,
  mlcube_tutorial_markdown text,
  leaderboard_description text,
  image_url text,
  documentation_url text,
  cur_round integer NOT NULL DEFAULT 1 CHECK (cur_round >= 0),
  challenge_type smallint NOT NULL DEFAULT 1 CHECK (challenge_type IN (1, 2, 4)),
  active boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT true,
  official boolean NOT NULL DEFAULT false,
  is_building boolean NOT NULL DEFAULT false,
  is_finished boolean NOT NULL DEFAULT false,
  submitable boolean NOT NULL DEFAULT false,
  has_predictions_upload boolean NOT NULL DEFAULT false,
  submitable_predictions boolean NOT NULL DEFAULT false,
  dataperf boolean NOT NULL DEFAULT false,
  dynamic_adversarial_data_collection boolean NOT NULL DEFAULT false,
  dynamic_adversarial_data_validation boolean NOT NULL DEFAULT true,
  accept_sandbox_creation boolean NOT NULL DEFAULT true,
  validate_non_fooling boolean NOT NULL DEFAULT false,
  unique_validators_for_example_tags boolean NOT NULL DEFAULT false,
  num_matching_validations integer NOT NULL DEFAULT 3 CHECK (num_matching_validations >= 1),
  unpublished_models_in_leaderboard boolean NOT NULL DEFAULT false,
  max_amount_examples_on_a_day integer NOT NULL DEFAULT 1000 CHECK (max_amount_examples_on_a_day >= 0),
  context_selection_method text NOT NULL DEFAULT 'min'
    CHECK (context_selection_method IN ('min', 'uniform', 'least_fooled', 'validation_failed')),
  dynalab_hr_diff integer NOT NULL DEFAULT 24 CHECK (dynalab_hr_diff >= 0),
  dynalab_threshold integer NOT NULL DEFAULT 3 CHECK (dynalab_threshold >= 0),
  instance_type text NOT NULL DEFAULT 'ml.m5.2xlarge',
  instance_count integer NOT NULL DEFAULT 1,
  create_endpoint boolean NOT NULL DEFAULT true,
  gpu boolean NOT NULL DEFAULT false,
  show_trends boolean NOT NULL DEFAULT true,
  show_leaderboard boolean NOT NULL DEFAULT true,
  show_user_leaderboard boolean NOT NULL DEFAULT true,
  show_username_leaderboard boolean NOT NULL DEFAULT true,
  show_user_leaderboard_csv boolean NOT NULL DEFAULT false,
  crowd_token_hash text,
  last_updated timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tasks_task_code_format CHECK (task_code ~ '^[A-Za-z0-9_-]+$' AND task_code ~ '[A-Za-z]'),
  CONSTRAINT tasks_name_not_blank CHECK (length(btrim(name)) > 0)
);
CREATE UNIQUE INDEX tasks_task_code_key ON tasks (lower(task_code));
CREATE UNIQUE INDEX tasks_name_key ON tasks (lower(name));
CREATE INDEX tasks_listing_idx ON tasks (hidden, active, challenge_type);

CREATE TABLE task_user_permissions (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'owner' CHECK (type IN ('owner')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tid, uid, type)
);
CREATE INDEX task_user_permissions_uid_idx ON task_user_permissions (uid);

CREATE TABLE rounds (
  id serial PRIMARY KEY,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  rid integer NOT NULL CHECK (rid >= 1),
  secret text NOT NULL,
  "desc" text,
  longdesc text,
  total_fooled integer NOT NULL DEFAULT 0 CHECK (total_fooled >= 0),
  total_collected integer NOT NULL DEFAULT 0 CHECK (total_collected >= 0),
  total_verified_fooled integer NOT NULL DEFAULT 0 CHECK (total_verified_fooled >= 0),
  start_datetime timestamptz NOT NULL DEFAULT now(),
  end_datetime timestamptz,
  UNIQUE (tid, rid),
  CONSTRAINT rounds_fooled_le_collected CHECK (total_fooled <= total_collected)
);

CREATE TABLE round_user_example_info (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  r_realid integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  examples_submitted integer NOT NULL DEFAULT 0 CHECK (examples_submitted >= 0),
  total_fooled integer NOT NULL DEFAULT 0 CHECK (total_fooled >= 0),
  total_verified_not_correct_fooled integer NOT NULL DEFAULT 0 CHECK (total_verified_not_correct_fooled >= 0),
  amount_examples_on_a_day integer NOT NULL DEFAULT 0,
  last_used date,
  UNIQUE (uid, r_realid)
);
CREATE INDEX round_user_example_info_round_idx ON round_user_example_info (r_realid);

CREATE TABLE contexts (
  id serial PRIMARY KEY,
  r_realid integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  context_json jsonb NOT NULL,
  tag text,
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  total_used integer NOT NULL DEFAULT 0 CHECK (total_used >= 0),
  last_used timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contexts_context_is_object CHECK (jsonb_typeof(context_json) = 'object')
);
CREATE INDEX contexts_round_usage_idx ON contexts (r_realid, total_used);
CREATE INDEX contexts_round_tag_idx ON contexts (r_realid, tag);

CREATE TABLE models (
  id serial PRIMARY KEY,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL DEFAULT '',
  shortname text NOT NULL DEFAULT '',
  "desc" text,
  longdesc text,
  papers text,
  params bigint NOT NULL DEFAULT 0 CHECK (params >= 0),
  languages text,
  license text,
  model_card text,
  source_url text,
  kind text NOT NULL DEFAULT 'uploaded'
    CHECK (kind IN ('builtin', 'uploaded', 'remote', 'predictions', 'train_files')),
  builtin_name text,
  upload_datetime timestamptz NOT NULL DEFAULT now(),
  is_published boolean NOT NULL DEFAULT false,
  is_anonymous boolean NOT NULL DEFAULT false,
  endpoint_name text,
  light_model text,
  deployment_status text NOT NULL DEFAULT 'unknown' CHECK (deployment_status IN (
    'uploaded', 'processing', 'deployed', 'created', 'failed', 'unknown',
    'takendown', 'predictions_upload', 'takendownnonactive')),
  deployment_error text,
  secret text NOT NULL,
  blob_key text,
  manifest_json jsonb,
  last_interaction_at timestamptz,
  CONSTRAINT models_builtin_has_name CHECK (kind <> 'builtin' OR builtin_name IS NOT NULL)
);
CREATE INDEX models_tid_idx ON models (tid, is_published);
CREATE INDEX models_uid_idx ON models (uid);
CREATE UNIQUE INDEX models_endpoint_name_key ON models (endpoint_name) WHERE endpoint_name IS NOT NULL;

-- Models in the loop of a round (replaces the original "|"-joined rounds.url).
CREATE TABLE round_models_in_the_loop (
  r_realid integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  mid integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (r_realid, mid)
);
CREATE INDEX round_models_in_the_loop_mid_idx ON round_models_in_the_loop (mid);

CREATE TABLE examples (
  id serial PRIMARY KEY,
  cid integer NOT NULL REFERENCES contexts(id) ON DELETE CASCADE,
  -- Denormalised from the context for the pickers' indexes; fixed at insert.
  r_realid integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  annotator_id text,
  tag text,
  input_json jsonb NOT NULL,
  output_json jsonb,
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  model_signature text,
  model_endpoint_name text,
  mid integer REFERENCES models(id) ON DELETE SET NULL,
  split text NOT NULL DEFAULT 'undecided',
  model_wrong boolean,
  retracted boolean NOT NULL DEFAULT false,
  flagged boolean NOT NULL DEFAULT false,
  generated_datetime timestamptz NOT NULL DEFAULT now(),
  time_elapsed_ms integer CHECK (time_elapsed_ms IS NULL OR time_elapsed_ms >= 0),
  total_verified integer NOT NULL DEFAULT 0 CHECK (total_verified >= 0),
  verified_correct integer NOT NULL DEFAULT 0 CHECK (verified_correct >= 0),
  verified_incorrect integer NOT NULL DEFAULT 0 CHECK (verified_incorrect >= 0),
  verified_flagged integer NOT NULL DEFAULT 0 CHECK (verified_flagged >= 0),
  owner_validated boolean NOT NULL DEFAULT false,
  verdict text NOT NULL DEFAULT 'pending'
    CHECK (verdict IN ('pending', 'verified_fooled', 'verified_not_correct', 'verified_correct')),
  sandbox boolean NOT NULL DEFAULT false,
  CONSTRAINT examples_has_author CHECK (uid IS NOT NULL OR annotator_id IS NOT NULL OR sandbox)
);
CREATE INDEX examples_cid_idx ON examples (cid);
CREATE INDEX examples_uid_idx ON examples (uid, generated_datetime);
CREATE INDEX examples_validation_picker_idx ON examples (r_realid, retracted, model_wrong, total_verified);
CREATE INDEX examples_tid_tag_idx ON examples (tid, tag);

CREATE TABLE validations (
  id serial PRIMARY KEY,
  eid integer NOT NULL REFERENCES examples(id) ON DELETE CASCADE,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  annotator_id text,
  label text NOT NULL CHECK (label IN ('flagged', 'correct', 'incorrect', 'placeholder')),
  mode text NOT NULL CHECK (mode IN ('owner', 'user')),
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT validations_has_author CHECK (uid IS NOT NULL OR annotator_id IS NOT NULL)
);
CREATE INDEX validations_eid_idx ON validations (eid);
CREATE UNIQUE INDEX validations_one_per_user ON validations (eid, uid, mode) WHERE uid IS NOT NULL;
CREATE UNIQUE INDEX validations_one_per_annotator ON validations (eid, annotator_id, mode) WHERE annotator_id IS NOT NULL;

-- A retried submission carrying the same key answers with what was stored the first time.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response_json jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

CREATE TABLE datasets (
  id serial PRIMARY KEY,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  name text NOT NULL,
  rid integer NOT NULL DEFAULT 0 CHECK (rid >= 0),
  "desc" text,
  longdesc text,
  source_url text,
  access_type text NOT NULL DEFAULT 'hidden' CHECK (access_type IN ('scoring', 'standard', 'hidden')),
  log_access_type text NOT NULL DEFAULT 'owner' CHECK (log_access_type IN ('owner', 'user')),
  tags boolean NOT NULL DEFAULT true,
  has_downstream boolean NOT NULL DEFAULT false,
  weight double precision CHECK (weight IS NULL OR (weight >= 0 AND weight <= 5)),
  blob_key text,
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT datasets_name_format CHECK (name ~ '^[A-Za-z0-9-]{1,62}$'),
  UNIQUE (tid, name)
);
CREATE INDEX datasets_tid_access_idx ON datasets (tid, access_type);

CREATE TABLE scores (
  id serial PRIMARY KEY,
  mid integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  did integer NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  r_realid integer REFERENCES rounds(id) ON DELETE SET NULL,
  "desc" text,
  longdesc text,
  pretty_perf text,
  perf double precision,
  perf_std double precision,
  perf_ci_low double precision,
  perf_ci_high double precision,
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  memory_utilization double precision,
  examples_per_second double precision,
  fairness double precision,
  robustness double precision,
  raw_output_blob_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mid, did)
);
CREATE INDEX scores_did_idx ON scores (did);

-- One row per model x dataset x example: what the model answered, so that leaderboards can
-- bootstrap confidence intervals and per-tag breakdowns without re-running the model.
CREATE TABLE score_predictions (
  id bigserial PRIMARY KEY,
  mid integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  did integer NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  example_uid text NOT NULL,
  prediction_json jsonb NOT NULL,
  metric_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  tags text[] NOT NULL DEFAULT '{}',
  perturbation text NOT NULL DEFAULT '' CHECK (perturbation IN ('', 'fairness', 'robustness')),
  UNIQUE (mid, did, perturbation, example_uid)
);

CREATE TABLE evaluation_jobs (
  id serial PRIMARY KEY,
  mid integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  did integer NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pre_evaluation'
    CHECK (status IN ('pre_evaluation', 'evaluating', 'completed', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  retry_class text CHECK (retry_class IS NULL OR retry_class IN ('retryable', 'backoff', 'terminal')),
  heartbeat_at timestamptz,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  error_detail text,
  worker_id text,
  UNIQUE (mid, did)
);
CREATE INDEX evaluation_jobs_status_idx ON evaluation_jobs (status, heartbeat_at);

CREATE TABLE badges (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Distinguishes badges that may be held more than once (SOTA: one per model).
  scope text NOT NULL DEFAULT '',
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  awarded timestamptz NOT NULL DEFAULT now(),
  UNIQUE (uid, name, scope)
);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  message text NOT NULL,
  metadata_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  seen boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_uid_created_idx ON notifications (uid, created DESC);
CREATE INDEX notifications_unseen_idx ON notifications (uid) WHERE NOT seen;

-- Fork and snapshot names share one namespace per task: the name row is the lock.
CREATE TABLE leaderboard_names (
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('fork', 'snapshot')),
  PRIMARY KEY (tid, name),
  UNIQUE (tid, name, kind),
  CONSTRAINT leaderboard_names_not_blank CHECK (length(btrim(name)) > 0),
  CONSTRAINT leaderboard_names_not_reserved CHECK (name NOT IN ('create', 'validate', 'models', 'round'))
);

CREATE TABLE leaderboard_configurations (
  id serial PRIMARY KEY,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'fork' CHECK (kind = 'fork'),
  configuration_json jsonb NOT NULL,
  "desc" text,
  create_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tid, name),
  FOREIGN KEY (tid, name, kind) REFERENCES leaderboard_names (tid, name, kind) ON DELETE CASCADE
);
CREATE INDEX leaderboard_configurations_uid_idx ON leaderboard_configurations (uid);

CREATE TABLE leaderboard_snapshots (
  id serial PRIMARY KEY,
  tid integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'snapshot' CHECK (kind = 'snapshot'),
  "desc" text,
  data_json jsonb NOT NULL,
  create_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tid, name),
  FOREIGN KEY (tid, name, kind) REFERENCES leaderboard_names (tid, name, kind) ON DELETE CASCADE
);
CREATE INDEX leaderboard_snapshots_uid_idx ON leaderboard_snapshots (uid);

CREATE TABLE task_proposals (
  id serial PRIMARY KEY,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  task_code text NOT NULL,
  name text NOT NULL,
  "desc" text NOT NULL,
  longdesc text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  changes text,
  processed_by integer REFERENCES users(id) ON DELETE SET NULL,
  processed_at timestamptz,
  tid integer REFERENCES tasks(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT task_proposals_code_format CHECK (task_code ~ '^[A-Za-z0-9_-]+$' AND task_code ~ '[A-Za-z]'),
  CONSTRAINT task_proposals_decision CHECK ((status = 'pending') = (processed_at IS NULL))
);
CREATE UNIQUE INDEX task_proposals_pending_code_key ON task_proposals (lower(task_code)) WHERE status = 'pending';
CREATE UNIQUE INDEX task_proposals_pending_name_key ON task_proposals (lower(name)) WHERE status = 'pending';
CREATE INDEX task_proposals_uid_idx ON task_proposals (uid, created_at DESC);

CREATE TABLE outbox_mails (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  template text NOT NULL,
  uid integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_mails_created_idx ON outbox_mails (created_at DESC);

-- Key/value facts about this installation (e.g. that the demo content was loaded).
CREATE TABLE platform_state (
  key text PRIMARY KEY,
  value_json jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`.execute(db);
}
