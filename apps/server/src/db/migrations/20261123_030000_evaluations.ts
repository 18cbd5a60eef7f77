import { type Kysely, sql } from 'kysely';

/**
 * Evaluation as a service: what a job needs to be retried honestly, the prediction files of
 * file submissions, the paired bootstrap replicates of every score, and an immutable record of
 * how each score was computed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE evaluation_jobs
  ADD COLUMN failure_cause text CHECK (failure_cause IS NULL OR failure_cause IN ('platform', 'submission')),
  ADD COLUMN runtime_ms integer CHECK (runtime_ms IS NULL OR runtime_ms >= 0),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX evaluation_jobs_mid_idx ON evaluation_jobs (mid);
CREATE INDEX evaluation_jobs_waiting_idx ON evaluation_jobs (queued_at, id) WHERE status = 'pre_evaluation';
CREATE INDEX evaluation_jobs_finished_idx ON evaluation_jobs (finished_at DESC) WHERE status = 'completed';

-- A submission whose evaluation failed because of the platform does not count against the quota.
ALTER TABLE models ADD COLUMN quota_exempt boolean NOT NULL DEFAULT false;
CREATE INDEX models_quota_idx ON models (uid, tid, upload_datetime);

-- The uploaded predictions of a file submission, one file per dataset.
CREATE TABLE model_prediction_files (
  mid integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  did integer NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  blob_key text NOT NULL,
  sha256 text NOT NULL,
  line_count integer NOT NULL CHECK (line_count >= 0),
  bytes bigint NOT NULL CHECK (bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mid, did)
);
CREATE INDEX model_prediction_files_did_idx ON model_prediction_files (did);

-- How a score was computed. Never updated: a re-evaluation adds a record.
CREATE TABLE evaluation_records (
  id serial PRIMARY KEY,
  mid integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  did integer NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  job_id integer NOT NULL,
  attempt integer NOT NULL CHECK (attempt >= 1),
  metric text NOT NULL,
  perf double precision,
  n_examples integer NOT NULL CHECK (n_examples >= 0),
  dataset_sha256 text NOT NULL,
  submission_sha256 text,
  model_version text,
  scoring_version text NOT NULL,
  seed bigint NOT NULL,
  bootstrap_replicates integer NOT NULL CHECK (bootstrap_replicates >= 0),
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  runtime_ms integer NOT NULL CHECK (runtime_ms >= 0),
  machine_json jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluation_records_mid_did_idx ON evaluation_records (mid, did, id DESC);
CREATE FUNCTION evaluation_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'evaluation records are immutable';
END
$$;
CREATE TRIGGER evaluation_records_no_update BEFORE UPDATE ON evaluation_records
  FOR EACH ROW EXECUTE FUNCTION evaluation_records_immutable();

ALTER TABLE scores
  ADD COLUMN bootstrap_replicates double precision[],
  ADD COLUMN evaluation_record_id integer REFERENCES evaluation_records(id) ON DELETE SET NULL;
`.execute(db);
}
