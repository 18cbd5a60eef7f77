import { type Actor } from '../../platform/auth.js';

export const proposalPolicy = {
  listAll: (actor: Actor) => actor.kind === 'user' && actor.user.admin,
  process: (actor: Actor) => actor.kind === 'user' && actor.user.admin,
};
