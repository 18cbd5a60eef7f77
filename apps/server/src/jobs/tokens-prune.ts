import { pruneRefreshTokens } from '../features/auth/repo.js';
import { defineJob } from '../platform/queue.js';
import { type JobDeps } from './deps.js';

/** Hourly: refresh tokens past expiry, or revoked more than a day ago, are deleted. */
export const tokensPrune = defineJob(
  'tokens.prune',
  (_payload, deps: JobDeps) => pruneRefreshTokens(deps.db),
  { schedule: '17 * * * *' },
);
