import type { RouteAuth } from './auth.js';

/**
 * Method, path and access of every /api call, free of schemas so that the SPA can import it
 * without zod. `routes.ts` adds the schemas to these entries; the server serves exactly those.
 */
export const endpoints = {
  health: { method: 'GET', path: '/health', auth: 'none' },
  activeTasksWithRoundInfo: {
    method: 'GET',
    path: '/task/get_active_tasks_with_round_info',
    auth: 'none',
  },
  tasks: { method: 'GET', path: '/tasks', auth: 'none' },
  submitableTasks: { method: 'GET', path: '/tasks/submitable', auth: 'none' },

  task: { method: 'GET', path: '/tasks/:task', auth: 'optional' },
  taskRound: { method: 'GET', path: '/tasks/:task/:round', auth: 'optional' },
  taskTrends: { method: 'GET', path: '/tasks/:id/trends', auth: 'optional' },
  adminOrOwner: { method: 'GET', path: '/tasks/admin_or_owner/:id', auth: 'optional' },
  updateTask: { method: 'PUT', path: '/tasks/update/:id', auth: 'user' },
  toggleOwner: { method: 'PUT', path: '/tasks/toggle_owner/:id/:username', auth: 'user' },
  taskOwners: { method: 'GET', path: '/tasks/owners/:id', auth: 'user' },
  allRounds: { method: 'GET', path: '/tasks/get_all_rounds/:id', auth: 'user' },
  activateTask: { method: 'PUT', path: '/tasks/activate/:id', auth: 'user' },
  updateModelsInTheLoop: {
    method: 'PUT',
    path: '/tasks/update_models_in_the_loop/:id/:rid',
    auth: 'user',
  },
  createRound: { method: 'POST', path: '/tasks/create_round/:id', auth: 'user' },
  /** The original API's name of updateModelsInTheLoop. */
  updateRound: { method: 'PUT', path: '/tasks/update_round/:id/:rid', auth: 'user' },
  modelIdentifiersForTargetSelection: {
    method: 'GET',
    path: '/tasks/get_model_identifiers_for_target_selection/:id',
    auth: 'user',
  },
  modelsInTheLoop: { method: 'GET', path: '/tasks/get_models_in_the_loop/:id', auth: 'user' },
  modelIdentifiers: { method: 'GET', path: '/tasks/get_model_identifiers/:id', auth: 'user' },
  createRemoteModel: { method: 'POST', path: '/tasks/:id/remote_models', auth: 'user' },
  updateRemoteModel: { method: 'PUT', path: '/tasks/:id/remote_models/:mid', auth: 'user' },
  rotateRemoteModelSecret: {
    method: 'PUT',
    path: '/tasks/:id/remote_models/:mid/secret',
    auth: 'user',
  },
  datasetAccessTypes: { method: 'GET', path: '/datasets/get_access_types', auth: 'none' },
  datasetLogAccessTypes: { method: 'GET', path: '/datasets/get_log_access_types', auth: 'none' },
  taskDatasets: { method: 'GET', path: '/tasks/datasets/:id', auth: 'user' },
  updateDataset: { method: 'PUT', path: '/datasets/update/:id', auth: 'user' },
  createDataset: { method: 'POST', path: '/datasets/create/:id/:name', auth: 'user' },
  deleteDataset: { method: 'DELETE', path: '/datasets/delete/:id', auth: 'user' },
  uploadContexts: { method: 'POST', path: '/contexts/upload/:task/:round', auth: 'user' },
  convertToModelIo: { method: 'POST', path: '/tasks/:task/convert_to_model_io', auth: 'optional' },
  exportTask: { method: 'GET', path: '/tasks/:id/export', auth: 'user' },
  exportRound: { method: 'GET', path: '/tasks/:id/rounds/:rid/export', auth: 'user' },
  createProposal: { method: 'POST', path: '/task_proposals/create', auth: 'user' },
  processProposal: { method: 'PUT', path: '/tasks/process_proposal/:id', auth: 'user' },

  modelPredict: { method: 'POST', path: '/models/:id/predict', auth: 'user-or-trial' },
  modelsInTheLoopPublic: { method: 'GET', path: '/tasks/:id/models_in_the_loop', auth: 'optional' },
  modelDetails: { method: 'GET', path: '/models/:id/details', auth: 'optional' },
  modelEvents: { method: 'GET', path: '/models/:id/events', auth: 'optional' },
  updateModel: { method: 'PUT', path: '/models/:id/update', auth: 'user' },
  revertModelStatus: { method: 'PUT', path: '/models/:id/revertstatus', auth: 'user' },
  modelJobLog: { method: 'GET', path: '/models/latest_job_log/:mid/:did', auth: 'user' },
  modelPredictions: { method: 'GET', path: '/models/predictions/:mid/:did', auth: 'user' },
  uploadPredictions: {
    method: 'POST',
    path: '/models/upload_predictions/:task/:name',
    auth: 'user',
  },
  evaluateExample: { method: 'POST', path: '/examples/evaluate', auth: 'none' },
  pickContext: { method: 'GET', path: '/contexts/:task/:round/:method', auth: 'optional' },
  createExample: { method: 'POST', path: '/examples', auth: 'user-or-crowd' },
  updateExample: { method: 'PUT', path: '/examples/:id', auth: 'user-or-crowd' },
  example: { method: 'GET', path: '/examples/:id', auth: 'user' },
  exampleMetadata: { method: 'GET', path: '/examples/:id/metadata', auth: 'user' },
  exampleToValidate: { method: 'GET', path: '/examples/:task/:round', auth: 'user-or-crowd' },
  validateExample: { method: 'PUT', path: '/validations/:id', auth: 'user-or-crowd' },
  filteredExample: {
    method: 'GET',
    path: '/examples/:task/:round/filtered/:minFlags/:maxFlags/:minDisagree/:maxDisagree',
    auth: 'user',
  },
  userLeaderboard: { method: 'GET', path: '/tasks/:id/users', auth: 'optional' },
  roundUserLeaderboard: { method: 'GET', path: '/tasks/:id/rounds/:rid/users', auth: 'optional' },
  roundAgreement: { method: 'GET', path: '/tasks/:id/rounds/:rid/agreement', auth: 'user' },
  issueCrowdCredential: { method: 'PUT', path: '/tasks/:id/crowd_credential', auth: 'user' },
  revokeCrowdCredential: { method: 'DELETE', path: '/tasks/:id/crowd_credential', auth: 'user' },

  login: { method: 'POST', path: '/authenticate', auth: 'none' },
  register: { method: 'POST', path: '/users', auth: 'none' },
  recoverInitiate: { method: 'POST', path: '/recover/initiate', auth: 'none' },
  recoverResolve: { method: 'POST', path: '/recover/resolve/:token', auth: 'none' },
  refresh: { method: 'GET', path: '/authenticate/refresh', auth: 'none' },
  generateApiToken: { method: 'GET', path: '/authenticate/generate_api_token', auth: 'user' },
  listApiTokens: { method: 'GET', path: '/authenticate/api_tokens', auth: 'user' },
  revokeApiToken: { method: 'DELETE', path: '/authenticate/api_tokens/:id', auth: 'user' },
  trialToken: { method: 'GET', path: '/authenticate/get_trial_token', auth: 'none' },
  logout: { method: 'POST', path: '/authenticate/logout', auth: 'none' },

  user: { method: 'GET', path: '/users/:id', auth: 'user' },
  userBadges: { method: 'GET', path: '/users/:id/badges', auth: 'user' },
  updateUser: { method: 'PUT', path: '/users/:id', auth: 'user' },
  deleteUser: { method: 'DELETE', path: '/users/:id', auth: 'user' },
  uploadAvatar: { method: 'POST', path: '/users/:id/avatar/upload', auth: 'user' },
  avatar: { method: 'GET', path: '/avatars/:file', auth: 'none' },
  userModels: { method: 'GET', path: '/users/:id/models', auth: 'optional' },
  userTasks: { method: 'GET', path: '/users/:id/tasks', auth: 'optional' },
  userForks: { method: 'GET', path: '/users/:id/forks', auth: 'user' },
  userSnapshots: { method: 'GET', path: '/users/:id/snapshots', auth: 'user' },

  platformSettings: { method: 'GET', path: '/platform/settings', auth: 'none' },
  userProposals: { method: 'GET', path: '/task_proposals/user/:page/:size', auth: 'user' },
  allProposals: { method: 'GET', path: '/task_proposals/all/:page/:size', auth: 'user' },

  notifications: { method: 'GET', path: '/notifications', auth: 'user' },
  notificationsSeen: { method: 'PUT', path: '/notifications/seen', auth: 'user' },
} as const satisfies Record<
  string,
  { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; auth: RouteAuth }
>;

export type EndpointName = keyof typeof endpoints;

/** Fills `:param` placeholders: apiPath(endpoints.user.path, { id: 3 }) → "/users/3". */
export function apiPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const MODEL_ENDPOINT_URL_RULE =
  'must be an absolute http(s) URL without credentials or #fragment';

/** A model endpoint hosted elsewhere: an absolute http(s) URL without credentials or fragment. */
export function isModelEndpointUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}
