import { type ModelDetail, type ModelEvaluationStatus, type ModelScore } from '@dynaloop/contract';
import { type DatasetRow } from '../../db/schema.js';
import { type EvaluationProgress } from '../evaluations/service.js';
import { modelPolicy, type ModelAccess } from './policy.js';
import { type scoresOfModel } from './repo.js';

type ScoreRow = Awaited<ReturnType<typeof scoresOfModel>>[number];

const datasetInfo = (d: DatasetRow) => ({
  dataset_id: d.id,
  dataset_name: d.name,
  dataset_longdesc: d.longdesc,
  dataset_source_url: d.source_url,
  dataset_log_access_type: d.log_access_type,
});

function presentScore(s: ScoreRow, d: DatasetRow): ModelScore {
  return {
    accuracy: s.perf,
    perf_std: s.perf_std,
    perf_ci_low: s.perf_ci_low,
    perf_ci_high: s.perf_ci_high,
    pretty_perf: s.pretty_perf,
    round_id: d.rid,
    did: d.id,
    metadata_json: s.metadata_json,
    dataset_access_type: d.access_type,
    evaluation_record:
      s.record_id === null
        ? null
        : {
            id: s.record_id,
            metric: s.metric!,
            perf: s.record_perf,
            n_examples: s.n_examples!,
            dataset_sha256: s.dataset_sha256!,
            submission_sha256: s.submission_sha256,
            model_version: s.model_version,
            scoring_version: s.scoring_version!,
            seed: Number(s.seed),
            bootstrap_replicates: s.bootstrap_replicates!,
            started_at: s.started_at!.toISOString(),
            finished_at: s.finished_at!.toISOString(),
            runtime_ms: s.runtime_ms!,
            machine: s.machine_json ?? {},
          },
    ...datasetInfo(d),
  };
}

/**
 * The model page's data, split as the original API does: scores of scoring and standard
 * datasets; statuses of datasets not yet completed, and of hidden ones always.
 */
export function presentModelDetail(
  access: ModelAccess,
  username: string | null,
  datasets: DatasetRow[],
  scores: ScoreRow[],
  progress: EvaluationProgress[],
): ModelDetail {
  const { model, task } = access;
  const byId = new Map(datasets.map((d) => [d.id, d]));
  const identity = modelPolicy.seeIdentity(access);
  const leaderboard: ModelScore[] = [];
  const nonLeaderboard: ModelScore[] = [];
  for (const s of scores) {
    const d = byId.get(s.did);
    if (!d) continue;
    if (d.access_type === 'scoring') leaderboard.push(presentScore(s, d));
    else if (d.access_type === 'standard') nonLeaderboard.push(presentScore(s, d));
  }
  const byRound = (a: ModelScore, b: ModelScore) => a.round_id - b.round_id || a.did - b.did;
  const statuses: Array<ModelEvaluationStatus & { access: DatasetRow['access_type'] }> = [];
  for (const p of progress) {
    const d = byId.get(p.did);
    if (!d) continue;
    statuses.push({
      ...datasetInfo(d),
      evaluation_status: p.status,
      queue_position: p.queue_position,
      eta_seconds: p.eta_seconds,
      attempts: p.attempts,
      message: p.message,
      counts_against_quota: p.counts_against_quota,
      access: d.access_type,
    });
  }
  const strip = ({ access: _access, ...s }: (typeof statuses)[number]): ModelEvaluationStatus => s;
  const open = (access: DatasetRow['access_type']) =>
    statuses
      .filter(
        (s) => s.access === access && (access === 'hidden' || s.evaluation_status !== 'completed'),
      )
      .map(strip);
  return {
    id: model.id,
    name: model.name,
    uid: identity ? model.uid : null,
    username: identity ? username : null,
    tid: model.tid,
    task_code: task.task_code,
    task_name: task.name,
    is_published: model.is_published,
    is_anonymous: model.is_anonymous,
    deployment_status: model.deployment_status,
    desc: model.desc,
    longdesc: model.longdesc,
    params: Number(model.params),
    languages: model.languages,
    license: model.license,
    model_card: model.model_card,
    source_url: model.source_url,
    upload_datetime: model.upload_datetime.toISOString(),
    light_model: model.light_model,
    endpoint_name: model.endpoint_name,
    kind: model.kind,
    leaderboard_scores: leaderboard.sort(byRound),
    non_leaderboard_scores: nonLeaderboard.sort(byRound),
    leaderboard_evaluation_statuses: open('scoring'),
    non_leaderboard_evaluation_statuses: open('standard'),
    hidden_evaluation_statuses: open('hidden'),
    evaluation_statuses: statuses.map(strip),
    is_owner: access.isOwner,
    is_task_admin: access.isTaskAdmin,
  };
}
