import { type Migration } from 'kysely';
import * as initialSchema from './20261122_000000_initial_schema.js';
import * as rateLimits from './20261122_010000_rate_limits.js';
import * as loginThrottle from './20261123_010000_login_throttle.js';
import * as proposalReservations from './20261123_020000_proposal_reservations.js';
import * as evaluations from './20261123_030000_evaluations.js';

/**
 * Every migration, in order. Listed statically (not read from disk) so that the bundled
 * server carries them; names are timestamps and never change once released.
 */
export const migrations: Record<string, Migration> = {
  '20261122_000000_initial_schema': initialSchema,
  '20261122_010000_rate_limits': rateLimits,
  '20261123_010000_login_throttle': loginThrottle,
  '20261123_020000_proposal_reservations': proposalReservations,
  '20261123_030000_evaluations': evaluations,
};
