import {
  parseTaskConfig,
  type RoundDetail,
  type RoundSummary,
  type TaskCard,
  type TaskDetail,
} from '@dynaloop/contract';
import { DEFAULT_DATASET_WEIGHT, orderedMetrics } from '@dynaloop/scoring';
import { type DatasetRow, type RoundRow, type TaskRow } from '../../db/schema.js';
import { type TaskWithRound } from './repo.js';

export function presentRound(round: RoundRow, curRound: number): RoundSummary {
  return {
    id: round.id,
    rid: round.rid,
    cur_round: curRound,
    desc: round.desc,
    longdesc: round.longdesc,
    total_collected: round.total_collected,
    total_fooled: round.total_fooled,
    total_verified_fooled: round.total_verified_fooled,
  };
}

export function presentRoundDetail(round: RoundRow): RoundDetail {
  return {
    id: round.id,
    tid: round.tid,
    rid: round.rid,
    desc: round.desc,
    longdesc: round.longdesc,
    total_collected: round.total_collected,
    total_fooled: round.total_fooled,
    total_verified_fooled: round.total_verified_fooled,
    start_datetime: round.start_datetime.toISOString(),
    end_datetime: round.end_datetime?.toISOString() ?? null,
  };
}

export function presentTaskCard(task: TaskWithRound): TaskCard {
  return {
    id: task.id,
    name: task.name,
    desc: task.desc,
    task_code: task.task_code,
    challenge_type: task.challenge_type,
    last_updated: task.last_updated ? task.last_updated.toISOString() : null,
    active: task.active,
    submitable: task.submitable,
    official: task.official,
    cur_round: task.cur_round,
    round: task.round ? presentRound(task.round, task.cur_round) : null,
  };
}

export function presentTaskDetail(
  task: TaskRow,
  round: RoundRow | undefined,
  datasets: DatasetRow[],
  roundUrl: string | null = null,
): TaskDetail {
  const parsed = task.config_yaml ? parseTaskConfig(task.config_yaml) : undefined;
  const config = parsed?.ok ? parsed.config : undefined;
  const byId = [...datasets].sort((a, b) => a.id - b.id);
  return {
    id: task.id,
    task_code: task.task_code,
    name: task.name,
    desc: task.desc,
    config_yaml: task.config_yaml,
    instructions_md: task.instructions_md,
    general_instructions: task.general_instructions,
    leaderboard_description: task.leaderboard_description,
    predictions_upload_instructions_md: task.predictions_upload_instructions_md,
    train_file_upload_instructions_md: task.train_file_upload_instructions_md,
    mlcube_tutorial_markdown: task.mlcube_tutorial_markdown,
    cur_round: task.cur_round,
    round: round ? { ...presentRound(round, task.cur_round), url: roundUrl } : null,
    last_updated: task.last_updated?.toISOString() ?? null,
    active: task.active,
    hidden: task.hidden,
    official: task.official,
    challenge_type: task.challenge_type,
    dynamic_adversarial_data_collection: task.dynamic_adversarial_data_collection,
    dynamic_adversarial_data_validation: task.dynamic_adversarial_data_validation,
    submitable: task.submitable,
    has_predictions_upload: task.has_predictions_upload,
    has_train_file_upload: Boolean(config?.train_file_metric),
    validate_non_fooling: task.validate_non_fooling,
    num_matching_validations: task.num_matching_validations,
    unpublished_models_in_leaderboard: task.unpublished_models_in_leaderboard,
    context_selection_method: task.context_selection_method,
    show_trends: task.show_trends,
    show_leaderboard: task.show_leaderboard,
    show_user_leaderboard: task.show_user_leaderboard,
    perf_metric_field_name: config?.perf_metric.reference_name ?? null,
    ordered_metrics: config ? orderedMetrics(config, task) : [],
    ordered_scoring_datasets: byId
      .filter((d) => d.access_type === 'scoring')
      .map((d) => ({ id: d.id, name: d.name, default_weight: d.weight ?? DEFAULT_DATASET_WEIGHT })),
    ordered_datasets: byId.map((d) => ({ id: d.id, name: d.name })),
  };
}
