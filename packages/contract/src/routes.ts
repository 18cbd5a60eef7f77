import { z } from 'zod';
import {
  apiTokenCreated,
  apiTokenItem,
  authResult,
  loginBody,
  recoverInitiateBody,
  recoverResolveBody,
  registerBody,
  type RouteAuth,
  tokenParam,
  tokenResult,
} from './auth.js';
import { idParam, paged, pageQuery, success } from './common.js';
import { endpoints } from './endpoints.js';
import {
  exampleCreateBody,
  exampleCreated,
  exampleCreateHeaders,
  exampleDetail,
  exampleEvaluated,
  examplePickerQuery,
  exampleUpdateBody,
  exportQuery,
  pickedContext,
  roundAgreement,
  userLeaderboardRow,
  validationBody,
  validationResult,
} from './examples.js';
import { errorBody } from './errors.js';
import { healthStatus } from './health.js';
import {
  modelDatasetParams,
  modelDetail,
  modelEventsQuery,
  modelParam,
  modelUpdateBody,
  predictionsUploaded,
  revertStatusResult,
  uploadPredictionsParams,
} from './models.js';
import { notificationItem } from './notifications.js';
import { platformSettings } from './platform.js';
import { proposalPageParams, taskProposal } from './proposals.js';
import { taskCardList } from './tasks.js';
import {
  activateBody,
  contextsUploaded,
  contextUploadParams,
  convertBody,
  convertResult,
  createRoundBody,
  dataset,
  datasetCreated,
  datasetCreateParams,
  datasetUpdateBody,
  modelsInTheLoopBody,
  modelIdentifier,
  loopModel,
  modelSecret,
  owner,
  ownerRound,
  processProposalBody,
  proposalCreateBody,
  remoteModelBody,
  remoteModelCreated,
  remoteModelUpdateBody,
  roundDetail,
  taskDetail,
  taskIdParam,
  taskModel,
  taskModelParams,
  taskParam,
  taskRoundIdParams,
  taskRoundParams,
  targetSelectionModel,
  taskUpdateBody,
  toggleOwnerParams,
  trends,
} from './task-admin.js';
import {
  CONTEXT_SELECTION_METHODS,
  DATASET_ACCESS_TYPES,
  DATASET_LOG_ACCESS_TYPES,
} from './constants.js';
import {
  avatarUploaded,
  deleteAccountBody,
  userForkItem,
  userModelItem,
  userProfile,
  userTaskItem,
  userUpdateBody,
  userWithBadges,
} from './users.js';

/**
 * The route table: every /api call with its method, path (Fastify syntax, under /api), access,
 * request and response schemas. The server registers handlers against these entries and a
 * drift test checks that every entry is served and documented.
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: RouteAuth;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  /** Request headers the route reads (besides Authorization), documented in the OpenAPI file. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The 200 answer; omitted for routes that stream a file. */
  response?: z.ZodType;
  /** Error answers (the common error body) this route documents besides 400 and 500. */
  errors?: number[];
  /** Non-200 answers with a body of their own. */
  otherResponses?: Record<number, z.ZodType>;
  /** multipart/form-data upload (the body is read as a file stream). */
  multipart?: boolean;
}

function route<const R extends RouteDef>(def: R): R {
  return def;
}

const AUTH_ERRORS = [401, 403];
const OWNER_ERRORS = [401, 403, 404];

export const routes = {
  health: route({
    ...endpoints.health,
    summary: 'Liveness and database reachability',
    tags: ['platform'],
    response: healthStatus,
    otherResponses: { 503: healthStatus },
  }),
  activeTasksWithRoundInfo: route({
    ...endpoints.activeTasksWithRoundInfo,
    summary: 'Active, visible tasks with their current round, for the home page',
    tags: ['tasks'],
    response: taskCardList,
  }),
  tasks: route({
    ...endpoints.tasks,
    summary: 'All visible tasks, each with its current round',
    tags: ['tasks'],
    response: taskCardList,
  }),
  submitableTasks: route({
    ...endpoints.submitableTasks,
    summary: 'Visible tasks that accept model submissions',
    tags: ['tasks'],
    response: taskCardList,
  }),

  task: route({
    ...endpoints.task,
    summary: 'A task (by id or code) with its current round, metrics and datasets',
    tags: ['tasks'],
    params: taskParam,
    response: taskDetail,
    errors: [404],
  }),
  taskRound: route({
    ...endpoints.taskRound,
    summary: 'One round of a task (by round number)',
    tags: ['tasks'],
    params: taskRoundParams,
    response: roundDetail,
    errors: [404],
  }),
  taskTrends: route({
    ...endpoints.taskTrends,
    summary: 'Per-round performance of the top models',
    tags: ['tasks'],
    params: taskIdParam,
    response: trends,
    errors: [404],
  }),
  adminOrOwner: route({
    ...endpoints.adminOrOwner,
    summary: 'Whether the caller may administer the task',
    tags: ['tasks'],
    params: taskIdParam,
    response: z.object({ admin_or_owner: z.boolean() }),
    errors: [404],
  }),
  updateTask: route({
    ...endpoints.updateTask,
    summary:
      'Change task settings (owners); once active only aggregation weights may change in the config',
    tags: ['task administration'],
    params: taskIdParam,
    body: taskUpdateBody,
    response: taskDetail,
    errors: OWNER_ERRORS,
  }),
  toggleOwner: route({
    ...endpoints.toggleOwner,
    summary: 'Add or remove an owner by username',
    tags: ['task administration'],
    params: toggleOwnerParams,
    response: z.array(owner),
    errors: [...OWNER_ERRORS, 409],
  }),
  taskOwners: route({
    ...endpoints.taskOwners,
    summary: 'The owners of a task',
    tags: ['task administration'],
    params: taskIdParam,
    response: z.array(owner),
    errors: OWNER_ERRORS,
  }),
  allRounds: route({
    ...endpoints.allRounds,
    summary: 'Every round of a task, by round number, with its number of contexts',
    tags: ['task administration'],
    params: taskIdParam,
    response: z.array(ownerRound),
    errors: OWNER_ERRORS,
  }),
  activateTask: route({
    ...endpoints.activateTask,
    summary: 'Set the configuration once and activate the task',
    tags: ['task administration'],
    params: taskIdParam,
    body: activateBody,
    response: taskDetail,
    errors: [...OWNER_ERRORS, 409],
  }),
  updateModelsInTheLoop: route({
    ...endpoints.updateModelsInTheLoop,
    summary: 'Choose the models in the loop of a round (published models of the task)',
    tags: ['task administration'],
    params: taskRoundIdParams,
    body: modelsInTheLoopBody,
    response: success,
    errors: OWNER_ERRORS,
  }),
  createRound: route({
    ...endpoints.createRound,
    summary: 'Start the next round; collection moves to it',
    tags: ['task administration'],
    params: taskIdParam,
    body: createRoundBody,
    response: roundDetail,
    errors: OWNER_ERRORS,
  }),
  modelsInTheLoop: route({
    ...endpoints.modelsInTheLoop,
    summary: 'Models that can be put in the loop (published, deployed, with an endpoint)',
    tags: ['task administration'],
    params: taskIdParam,
    response: z.array(taskModel),
    errors: OWNER_ERRORS,
  }),
  modelIdentifiers: route({
    ...endpoints.modelIdentifiers,
    summary: 'Every model of the task (model_id and model_name repeat id and name)',
    tags: ['task administration'],
    params: taskIdParam,
    response: z.array(modelIdentifier),
    errors: OWNER_ERRORS,
  }),
  updateRound: route({
    ...endpoints.updateRound,
    summary:
      'The original API’s name of update_models_in_the_loop: choose the models in the loop of a round',
    tags: ['task administration'],
    params: taskRoundIdParams,
    body: modelsInTheLoopBody,
    response: success,
    errors: OWNER_ERRORS,
  }),
  modelIdentifiersForTargetSelection: route({
    ...endpoints.modelIdentifiersForTargetSelection,
    summary:
      'For each round (keyed by round number): the models that can be in its loop and those that are, marked is_target',
    tags: ['task administration'],
    params: taskIdParam,
    response: z.record(z.string(), z.array(targetSelectionModel)),
    errors: OWNER_ERRORS,
  }),
  createRemoteModel: route({
    ...endpoints.createRemoteModel,
    summary:
      'Register a model endpoint hosted elsewhere (docs/model-protocol.md); the secret it signs with is shown this once',
    tags: ['task administration'],
    params: taskIdParam,
    body: remoteModelBody,
    response: remoteModelCreated,
    errors: OWNER_ERRORS,
  }),
  updateRemoteModel: route({
    ...endpoints.updateRemoteModel,
    summary: 'Rename a remote model or move its endpoint',
    tags: ['task administration'],
    params: taskModelParams,
    body: remoteModelUpdateBody,
    response: taskModel,
    errors: OWNER_ERRORS,
  }),
  rotateRemoteModelSecret: route({
    ...endpoints.rotateRemoteModelSecret,
    summary:
      'Replace a remote model’s signing secret; answers signed with the old one are refused from now on',
    tags: ['task administration'],
    params: taskModelParams,
    response: modelSecret,
    errors: OWNER_ERRORS,
  }),
  datasetAccessTypes: route({
    ...endpoints.datasetAccessTypes,
    summary: 'Dataset access types',
    tags: ['datasets'],
    response: z.array(z.enum(DATASET_ACCESS_TYPES)),
  }),
  datasetLogAccessTypes: route({
    ...endpoints.datasetLogAccessTypes,
    summary: 'Who may read evaluation logs of a dataset',
    tags: ['datasets'],
    response: z.array(z.enum(DATASET_LOG_ACCESS_TYPES)),
  }),
  taskDatasets: route({
    ...endpoints.taskDatasets,
    summary: 'Every dataset of a task (owners)',
    tags: ['datasets'],
    params: taskIdParam,
    response: z.array(dataset),
    errors: OWNER_ERRORS,
  }),
  updateDataset: route({
    ...endpoints.updateDataset,
    summary: 'Change a dataset’s description, round, source, access or weight',
    tags: ['datasets'],
    params: taskIdParam,
    body: datasetUpdateBody,
    response: dataset,
    errors: OWNER_ERRORS,
  }),
  createDataset: route({
    ...endpoints.createDataset,
    summary:
      'Upload a dataset (JSONL, field "file"); every line is verified first, a bad file stores nothing',
    tags: ['datasets'],
    params: datasetCreateParams,
    multipart: true,
    response: datasetCreated,
    errors: [...OWNER_ERRORS, 413, 415],
  }),
  deleteDataset: route({
    ...endpoints.deleteDataset,
    summary: 'Delete a dataset, its file and its scores',
    tags: ['datasets'],
    params: taskIdParam,
    response: success,
    errors: OWNER_ERRORS,
  }),
  uploadContexts: route({
    ...endpoints.uploadContexts,
    summary: 'Add contexts to a round (JSONL, field "file"); a bad file stores nothing',
    tags: ['contexts'],
    params: contextUploadParams,
    multipart: true,
    response: contextsUploaded,
    errors: [...OWNER_ERRORS, 413, 415],
  }),
  convertToModelIo: route({
    ...endpoints.convertToModelIo,
    summary:
      'What a model receives for these fields: the task’s inputs without its targets, plus context',
    tags: ['tasks'],
    params: taskParam,
    // {data: {...}} answers {data: {...}}; the original API's flat object answers a flat object.
    body: z.union([convertBody.strict(), z.record(z.string(), z.unknown())]),
    response: z.union([convertResult, z.record(z.string(), z.unknown())]),
    errors: [404],
  }),
  exportTask: route({
    ...endpoints.exportTask,
    summary:
      'Every example of the task with contexts and validations, anonymised, and each round’s agreement figures (JSON download; ?format=examples: the bare array of examples)',
    tags: ['export'],
    params: taskIdParam,
    querystring: exportQuery,
    errors: OWNER_ERRORS,
  }),
  exportRound: route({
    ...endpoints.exportRound,
    summary:
      'Every example of one round and its agreement figures (JSON download; ?format=examples: the bare array of examples)',
    tags: ['export'],
    params: taskRoundIdParams,
    querystring: exportQuery,
    errors: OWNER_ERRORS,
  }),
  createProposal: route({
    ...endpoints.createProposal,
    summary: 'Propose a new task',
    tags: ['proposals'],
    body: proposalCreateBody,
    response: taskProposal,
    errors: [...AUTH_ERRORS, 409],
  }),
  processProposal: route({
    ...endpoints.processProposal,
    summary:
      'Accept (creates the task, owned by the proposer) or reject with requested changes (admins)',
    tags: ['proposals'],
    params: taskIdParam,
    body: processProposalBody,
    response: success,
    errors: [...OWNER_ERRORS, 409],
  }),

  modelPredict: route({
    ...endpoints.modelPredict,
    summary:
      'Ask a model served by the platform (the model protocol); guests may use a trial token',
    tags: ['models'],
    params: taskIdParam,
    body: z.record(z.string(), z.unknown()),
    response: z.record(z.string(), z.unknown()),
    errors: [401, 403, 404, 409],
  }),

  modelDetails: route({
    ...endpoints.modelDetails,
    summary:
      'A model with its scores and evaluation statuses per dataset (unpublished: owner, task owners and admins only)',
    tags: ['models'],
    params: modelParam,
    response: modelDetail,
    errors: [404],
  }),
  modelEvents: route({
    ...endpoints.modelEvents,
    summary:
      'Server-sent events (Accept: text/event-stream): each evaluation status change of the model; EventSource may pass the access token as access_token. Other clients get the current statuses once, as JSON',
    tags: ['models'],
    params: modelParam,
    querystring: modelEventsQuery,
    errors: [401, 404],
  }),
  updateModel: route({
    ...endpoints.updateModel,
    summary:
      'Edit one’s model: name, description, parameters, languages, license, links, anonymity',
    tags: ['models'],
    params: modelParam,
    body: modelUpdateBody,
    response: success,
    errors: OWNER_ERRORS,
  }),
  revertModelStatus: route({
    ...endpoints.revertModelStatus,
    summary: 'Publish or unpublish one’s model (publishing needs a name)',
    tags: ['models'],
    params: modelParam,
    response: revertStatusResult,
    errors: OWNER_ERRORS,
  }),
  modelJobLog: route({
    ...endpoints.modelJobLog,
    summary:
      'The log of the latest evaluation of a model on a dataset (owner if the dataset’s logs are open to users; task owners and admins)',
    tags: ['models'],
    params: modelDatasetParams,
    errors: OWNER_ERRORS,
  }),
  modelPredictions: route({
    ...endpoints.modelPredictions,
    summary: 'The predictions of a model on a dataset, as JSON lines (same access as the log)',
    tags: ['models'],
    params: modelDatasetParams,
    errors: OWNER_ERRORS,
  }),
  uploadPredictions: route({
    ...endpoints.uploadPredictions,
    summary:
      'Submit a predictions file per dataset (multipart, field name = dataset name, JSON lines with uid and the output fields); 3 submissions per task per 24 h',
    tags: ['models'],
    params: uploadPredictionsParams,
    multipart: true,
    response: predictionsUploaded,
    errors: [...OWNER_ERRORS, 413, 415, 429],
  }),

  modelsInTheLoopPublic: route({
    ...endpoints.modelsInTheLoopPublic,
    summary:
      'The models in the loop of the task’s current round, with the endpoint to call (the create page picks one)',
    tags: ['models'],
    params: taskIdParam,
    response: z.array(loopModel),
    errors: [404],
  }),
  evaluateExample: route({
    ...endpoints.evaluateExample,
    summary:
      'Whether the model was fooled: the contributor’s targets against the model’s output, by the task’s model_wrong_metric',
    tags: ['examples'],
    body: z.object({
      tid: z.number().int().positive(),
      target: z.record(z.string(), z.unknown()),
      output: z.record(z.string(), z.unknown()),
    }),
    response: exampleEvaluated,
    errors: [404],
  }),

  pickContext: route({
    ...endpoints.pickContext,
    summary:
      'One context of the round to write an example for (min: least used; uniform; least_fooled; validation_failed), optionally among tags a|b',
    tags: ['contexts'],
    params: z.object({
      task: z.string().min(1).max(100),
      round: z.coerce.number().int().min(1),
      method: z.enum(CONTEXT_SELECTION_METHODS),
    }),
    querystring: z.object({ tags: z.string().max(1000).optional() }),
    response: pickedContext,
    errors: [404],
  }),

  createExample: route({
    ...endpoints.createExample,
    summary:
      'Store an example written against a model; an Idempotency-Key header makes retries safe',
    tags: ['examples'],
    headers: exampleCreateHeaders,
    body: exampleCreateBody,
    response: exampleCreated,
    errors: [401, 403, 404, 409],
  }),
  updateExample: route({
    ...endpoints.updateExample,
    summary: 'Retract or flag one’s example, confirm the model was fooled, or add metadata',
    tags: ['examples'],
    params: taskIdParam,
    body: exampleUpdateBody,
    response: exampleDetail,
    errors: [401, 403, 404],
  }),
  example: route({
    ...endpoints.example,
    summary: 'One’s example (or any example of a task one owns)',
    tags: ['examples'],
    params: taskIdParam,
    response: exampleDetail,
    errors: [401, 403, 404],
  }),
  exampleMetadata: route({
    ...endpoints.exampleMetadata,
    summary: 'The metadata of one’s example',
    tags: ['examples'],
    params: taskIdParam,
    response: z.record(z.string(), z.unknown()),
    errors: [401, 403, 404],
  }),
  exampleToValidate: route({
    ...endpoints.exampleToValidate,
    summary:
      'An example for the caller to validate: not their own, not validated by them, still undecided',
    tags: ['validations'],
    params: taskRoundParams,
    querystring: examplePickerQuery,
    response: exampleDetail,
    errors: [401, 403, 404],
  }),
  filteredExample: route({
    ...endpoints.filteredExample,
    summary:
      'Owner validation: an example without an owner vote whose flags and minority-label count lie in the given ranges',
    tags: ['validations'],
    params: z.object({
      task: z.string().min(1).max(100),
      round: z.coerce.number().int().min(1),
      minFlags: z.coerce.number().int().min(0),
      maxFlags: z.coerce.number().int().min(0),
      minDisagree: z.coerce.number().int().min(0),
      maxDisagree: z.coerce.number().int().min(0),
    }),
    response: exampleDetail,
    errors: OWNER_ERRORS,
  }),
  validateExample: route({
    ...endpoints.validateExample,
    summary: 'Validate an example: correct, incorrect or flagged (owner mode decides alone)',
    tags: ['validations'],
    params: taskIdParam,
    body: validationBody,
    response: validationResult,
    errors: [401, 403, 404, 409],
  }),

  userLeaderboard: route({
    ...endpoints.userLeaderboard,
    summary: 'Contributors ranked by verified fooling examples (offset is a page index)',
    tags: ['leaderboards'],
    params: taskIdParam,
    querystring: pageQuery,
    response: paged(userLeaderboardRow),
    errors: [404],
  }),
  roundUserLeaderboard: route({
    ...endpoints.roundUserLeaderboard,
    summary: 'Contributors of one round ranked by verified fooling examples',
    tags: ['leaderboards'],
    params: taskRoundIdParams,
    querystring: pageQuery,
    response: paged(userLeaderboardRow),
    errors: [404],
  }),
  roundAgreement: route({
    ...endpoints.roundAgreement,
    summary:
      'Inter-annotator agreement (Krippendorff’s alpha, bootstrap 95% interval) and verified MER with its interval, for owners',
    tags: ['validations'],
    params: taskRoundIdParams,
    response: roundAgreement,
    errors: OWNER_ERRORS,
  }),

  issueCrowdCredential: route({
    ...endpoints.issueCrowdCredential,
    summary: 'Issue (or replace) the task’s crowd credential; shown this once',
    tags: ['task administration'],
    params: taskIdParam,
    response: z.object({ crowd_token: z.string() }),
    errors: OWNER_ERRORS,
  }),
  revokeCrowdCredential: route({
    ...endpoints.revokeCrowdCredential,
    summary: 'Revoke the task’s crowd credential',
    tags: ['task administration'],
    params: taskIdParam,
    response: success,
    errors: OWNER_ERRORS,
  }),

  login: route({
    ...endpoints.login,
    summary: 'Log in with email and password; sets the refresh cookie',
    tags: ['auth'],
    body: loginBody,
    response: authResult,
    errors: [401, 429],
  }),
  register: route({
    ...endpoints.register,
    summary: 'Create an account; sets the refresh cookie',
    tags: ['auth'],
    body: registerBody,
    response: authResult,
    errors: [409, 429],
  }),
  recoverInitiate: route({
    ...endpoints.recoverInitiate,
    summary: 'Send a password-reset link; answers the same whether or not the account exists',
    tags: ['auth'],
    body: recoverInitiateBody,
    response: success,
    errors: [429],
  }),
  recoverResolve: route({
    ...endpoints.recoverResolve,
    summary: 'Set a new password with a reset token (single use, one hour)',
    tags: ['auth'],
    params: tokenParam,
    body: recoverResolveBody,
    response: success,
    errors: [401, 429],
  }),
  refresh: route({
    ...endpoints.refresh,
    summary: 'A new access token for the refresh cookie, which is rotated',
    tags: ['auth'],
    response: tokenResult,
    errors: [401],
  }),
  generateApiToken: route({
    ...endpoints.generateApiToken,
    summary: 'Create an API token; it is shown this once',
    tags: ['auth'],
    response: apiTokenCreated,
    errors: AUTH_ERRORS,
  }),
  listApiTokens: route({
    ...endpoints.listApiTokens,
    summary: "The caller's API tokens (never their values)",
    tags: ['auth'],
    response: paged(apiTokenItem),
    errors: AUTH_ERRORS,
  }),
  revokeApiToken: route({
    ...endpoints.revokeApiToken,
    summary: 'Revoke one of the caller’s API tokens',
    tags: ['auth'],
    params: idParam,
    response: success,
    errors: [...AUTH_ERRORS, 404],
  }),
  trialToken: route({
    ...endpoints.trialToken,
    summary: 'A 15-minute guest token accepted only by model-calling routes',
    tags: ['auth'],
    response: tokenResult,
    errors: [429],
  }),
  logout: route({
    ...endpoints.logout,
    summary: 'End this login: revokes the refresh cookie',
    tags: ['auth'],
    response: success,
  }),

  user: route({
    ...endpoints.user,
    summary: 'A user: every field for oneself, the public ones for others',
    tags: ['users'],
    params: idParam,
    response: userProfile,
    errors: [...AUTH_ERRORS, 404],
  }),
  userBadges: route({
    ...endpoints.userBadges,
    summary: 'A user with their badges',
    tags: ['users'],
    params: idParam,
    response: userWithBadges,
    errors: [...AUTH_ERRORS, 404],
  }),
  updateUser: route({
    ...endpoints.updateUser,
    summary: 'Change one’s username, real name or affiliation',
    tags: ['users'],
    params: idParam,
    body: userUpdateBody,
    response: userProfile,
    errors: [...AUTH_ERRORS, 404, 409],
  }),
  deleteUser: route({
    ...endpoints.deleteUser,
    summary:
      'Delete one’s account: identity removed, submitted content kept and credited to no one',
    tags: ['users'],
    params: idParam,
    body: deleteAccountBody,
    response: success,
    errors: [...AUTH_ERRORS, 404],
  }),
  uploadAvatar: route({
    ...endpoints.uploadAvatar,
    summary: 'Upload one’s avatar (jpg, jpeg or png, at most 5 MB)',
    tags: ['users'],
    params: idParam,
    multipart: true,
    response: avatarUploaded,
    errors: [...AUTH_ERRORS, 404, 413, 415],
  }),
  avatar: route({
    ...endpoints.avatar,
    summary: 'An avatar image',
    tags: ['users'],
    params: z.object({ file: z.string().regex(/^[a-f0-9-]{36}\.(jpg|jpeg|png)$/) }),
    errors: [404],
  }),
  userModels: route({
    ...endpoints.userModels,
    summary: 'A user’s models (others see only published, non-anonymous ones)',
    tags: ['users'],
    params: idParam,
    querystring: pageQuery,
    response: paged(userModelItem),
    errors: [404],
  }),
  userTasks: route({
    ...endpoints.userTasks,
    summary: 'Tasks a user owns',
    tags: ['users'],
    params: idParam,
    querystring: pageQuery,
    response: paged(userTaskItem),
    errors: [404],
  }),
  userForks: route({
    ...endpoints.userForks,
    summary: 'One’s leaderboard forks',
    tags: ['users'],
    params: idParam,
    querystring: pageQuery,
    response: paged(userForkItem),
    errors: AUTH_ERRORS,
  }),
  userSnapshots: route({
    ...endpoints.userSnapshots,
    summary: 'One’s leaderboard snapshots',
    tags: ['users'],
    params: idParam,
    querystring: pageQuery,
    response: paged(userForkItem),
    errors: AUTH_ERRORS,
  }),

  platformSettings: route({
    ...endpoints.platformSettings,
    summary: 'Feature flags and other settings the web app needs',
    tags: ['platform'],
    response: platformSettings,
  }),
  userProposals: route({
    ...endpoints.userProposals,
    summary: 'One’s task proposals, pending first, then newest (page index, page size)',
    tags: ['proposals'],
    params: proposalPageParams,
    response: paged(taskProposal),
    errors: AUTH_ERRORS,
  }),
  allProposals: route({
    ...endpoints.allProposals,
    summary: 'Every task proposal, pending first (admins)',
    tags: ['proposals'],
    params: proposalPageParams,
    response: paged(taskProposal),
    errors: AUTH_ERRORS,
  }),

  notifications: route({
    ...endpoints.notifications,
    summary: 'One’s notifications, newest first',
    tags: ['notifications'],
    querystring: pageQuery,
    response: paged(notificationItem),
    errors: AUTH_ERRORS,
  }),
  notificationsSeen: route({
    ...endpoints.notificationsSeen,
    summary: 'Mark all of one’s notifications seen',
    tags: ['notifications'],
    response: success,
    errors: AUTH_ERRORS,
  }),
} as const;

export type RouteName = keyof typeof routes;
export const errorResponse = errorBody;
