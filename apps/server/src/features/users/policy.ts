import { type Actor } from '../../platform/auth.js';

/** A user reads their own private fields, and changes only their own account. */
export const userPolicy = {
  readPrivate: (actor: Actor, userId: number) => actor.kind === 'user' && actor.user.id === userId,
  edit: (actor: Actor, userId: number) => actor.kind === 'user' && actor.user.id === userId,
  /** Forks and snapshots lists are the owner's own pages. */
  listLeaderboardViews: (actor: Actor, userId: number) =>
    actor.kind === 'user' && actor.user.id === userId,
  /** Others see only a user's published, non-anonymous models. */
  listAllModels: (actor: Actor, userId: number) =>
    actor.kind === 'user' && (actor.user.id === userId || actor.user.admin),
};
