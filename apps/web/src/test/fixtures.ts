import {
  type Dataset,
  type ErrorBody,
  type RoundDetail,
  type RoundSummary,
  type TaskCard,
  type TaskDetail,
} from '@dynaloop/contract';

let nextId = 1;

export function makeRound(overrides: Partial<RoundSummary> = {}): RoundSummary {
  return {
    id: nextId++,
    rid: 1,
    cur_round: 1,
    desc: null,
    longdesc: null,
    total_collected: 0,
    total_fooled: 0,
    total_verified_fooled: 0,
    ...overrides,
  };
}

export function makeTask(overrides: Partial<TaskCard> = {}): TaskCard {
  const id = nextId++;
  return {
    id,
    name: `Task ${String(id)}`,
    desc: 'A task description.',
    task_code: `task${String(id)}`,
    challenge_type: 1,
    last_updated: null,
    active: true,
    submitable: false,
    official: true,
    cur_round: 1,
    round: makeRound(),
    ...overrides,
  };
}

export function errorBody(overrides: Partial<ErrorBody> = {}): ErrorBody {
  return { status_code: 500, error: 'Internal error', code: 'internal', ...overrides };
}

/** A task as GET /tasks/:task answers: active, visible, DADC, in round 1. */
export function makeTaskDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  const id = overrides.id ?? nextId++;
  const curRound = overrides.cur_round ?? 1;
  return {
    id,
    task_code: `task${String(id)}`,
    name: `Task ${String(id)}`,
    desc: 'A task description.',
    config_yaml: '',
    instructions_md: '',
    general_instructions: null,
    leaderboard_description: null,
    predictions_upload_instructions_md: null,
    train_file_upload_instructions_md: null,
    mlcube_tutorial_markdown: null,
    cur_round: curRound,
    round: { ...makeRound({ rid: curRound, cur_round: curRound }), url: null },
    last_updated: null,
    active: true,
    hidden: false,
    official: false,
    challenge_type: 1,
    dynamic_adversarial_data_collection: true,
    dynamic_adversarial_data_validation: false,
    submitable: false,
    has_predictions_upload: false,
    has_train_file_upload: false,
    validate_non_fooling: false,
    num_matching_validations: 3,
    unpublished_models_in_leaderboard: false,
    context_selection_method: 'min',
    show_trends: true,
    show_leaderboard: true,
    show_user_leaderboard: true,
    perf_metric_field_name: null,
    ordered_metrics: [],
    ordered_scoring_datasets: [],
    ordered_datasets: [],
    ...overrides,
  };
}

export function makeRoundDetail(overrides: Partial<RoundDetail> = {}): RoundDetail {
  return {
    id: nextId++,
    tid: 1,
    rid: 1,
    desc: null,
    longdesc: null,
    total_collected: 0,
    total_fooled: 0,
    total_verified_fooled: 0,
    start_datetime: '2024-01-01T00:00:00.000Z',
    end_datetime: null,
    ...overrides,
  };
}

export function makeDataset(overrides: Partial<Dataset> = {}): Dataset {
  const id = nextId++;
  return {
    id,
    tid: 1,
    name: `dataset-${String(id)}`,
    desc: null,
    longdesc: null,
    source_url: null,
    rid: 1,
    access_type: 'hidden',
    log_access_type: 'owner',
    weight: null,
    line_count: 10,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
