/** Business constants of the product (spec §9). One source for server and SPA. */
export const PAGE_SIZES = {
  leaderboard: 10,
  modelTable: 10,
  notifications: 10,
  userLists: 10,
  proposals: 5,
  tasks: 5,
  forksAndSnapshots: 5,
  userLeaderboard: 7,
  homeTopLeaderboard: 5,
} as const;

export const CHALLENGE_TYPES = {
  DADC: 1,
  DATAPERF: 2,
  OTHERS: 4,
} as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[keyof typeof CHALLENGE_TYPES];

/** Home page groups, in display order, with the page each heading links to (spec §2). */
export const CHALLENGE_GROUPS = [
  { challengeType: CHALLENGE_TYPES.DATAPERF, title: 'Dataperf', href: '/dataperf' },
  { challengeType: CHALLENGE_TYPES.DADC, title: 'DADC', href: '/about' },
  { challengeType: CHALLENGE_TYPES.OTHERS, title: 'Others', href: '/about' },
] as const;

export const FLORES_TRACKS = [
  { taskCode: 'flores_full', label: 'Flores MT Evaluation (FULL)' },
  { taskCode: 'flores_small1', label: 'Flores MT Evaluation (Small task 1)' },
  { taskCode: 'flores_small2', label: 'Flores MT Evaluation (Small task 2)' },
] as const;

export const MIN_PASSWORD_LENGTH = 8;
export const DEFAULT_NUM_MATCHING_VALIDATIONS = 3;
export const WEIGHT_RANGE = { min: 0, max: 5 } as const;
export const HELP_OVERLAY_HIDE_MS = 1400;
export const FLORES_HELP_OVERLAY_HIDE_MS = 1700;
export const LANGUAGE_PAIR_REQUEST_LIMIT = 10100;
export const DATA_POLICY_EFFECTIVE_DATE = 'December 1, 2020';
export const MINIMUM_AGE = 18;

export const DEPLOYMENT_STATUSES = [
  'uploaded',
  'processing',
  'deployed',
  'created',
  'failed',
  'unknown',
  'takendown',
  'predictions_upload',
  'takendownnonactive',
] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export const EVALUATION_STATUSES = ['pre_evaluation', 'evaluating', 'completed', 'failed'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** How the create page draws a context: least used, uniform, least fooled, failed validation. */
export const CONTEXT_SELECTION_METHODS = [
  'min',
  'uniform',
  'least_fooled',
  'validation_failed',
] as const;
export const DATASET_ACCESS_TYPES = ['scoring', 'standard', 'hidden'] as const;
export const DATASET_LOG_ACCESS_TYPES = ['owner', 'user'] as const;
export const VALIDATION_LABELS = ['flagged', 'correct', 'incorrect', 'placeholder'] as const;
export const VALIDATION_MODES = ['owner', 'user'] as const;
export const NOTIFICATION_TYPES = [
  'NEW_BADGE_EARNED',
  'BADGE_REMOVED_STREAK',
  'BADGE_REMOVED_MODEL',
  'MODEL_DEPLOYMENT_STATUS',
  'MODEL_EVALUATION_STATUS',
  'TASK_PROPOSAL_UPDATE',
] as const;
export const TASK_PROPOSAL_STATUSES = ['pending', 'accepted', 'rejected'] as const;
