import { type FastifyRequest } from 'fastify';
import { type Db } from '../../db/database.js';
import { type UserRow } from '../../db/schema.js';
import { type Actor } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { findTask } from '../tasks/repo.js';
import { taskAccess, taskPolicy } from '../tasks/policy.js';

/**
 * Who may act on an example, answered once: the examples, validations and their routes ask here
 * whether an example is the contributor's own and whether a crowd credential may act on a task.
 */

/** Who writes or validates: a logged-in user, or a crowd worker of one task. */
export type Contributor =
  { kind: 'user'; user: UserRow } | { kind: 'crowd'; tid: number; annotatorId: string };

/** The columns of an example that say whose it is. */
export interface ExampleAuthorship {
  tid: number;
  uid: number | null;
  annotator_id: string | null;
}

export const examplePolicy = {
  /** A crowd credential acts on its own task only; a user on any task they can see. */
  onTask: (contributor: Contributor, tid: number): boolean =>
    contributor.kind !== 'crowd' || contributor.tid === tid,
  /** The example is the contributor's own: a user's by account, a crowd worker's by task and id. */
  isAuthor: (contributor: Contributor | null, e: ExampleAuthorship): boolean => {
    if (!contributor) return false;
    if (contributor.kind === 'user') return e.uid === contributor.user.id;
    return (
      e.tid === contributor.tid &&
      e.annotator_id !== null &&
      e.annotator_id === contributor.annotatorId
    );
  },
};

/** The contributor of a request; crowd requests name their worker in `annotator_id`. */
export function contributorOf(
  request: FastifyRequest,
  annotatorId: string | undefined,
): Contributor {
  const { actor } = request;
  if (actor.kind === 'user') return { kind: 'user', user: actor.user };
  if (actor.kind === 'crowd') {
    if (!annotatorId)
      throw errors.validation('annotator_id is required in crowd-worker mode', [
        { path: 'annotator_id', message: 'is required' },
      ]);
    return { kind: 'crowd', tid: actor.tid, annotatorId };
  }
  throw errors.unauthorized();
}

/** The contributor an actor is, if any (a crowd worker only when it names itself). */
function contributorOfActor(actor: Actor, annotatorId: string | undefined): Contributor | null {
  if (actor.kind === 'user') return { kind: 'user', user: actor.user };
  if (actor.kind === 'crowd' && annotatorId !== undefined) {
    return { kind: 'crowd', tid: actor.tid, annotatorId };
  }
  return null;
}

export function assertCrowdTask(contributor: Contributor, tid: number): void {
  if (!examplePolicy.onTask(contributor, tid))
    throw errors.forbidden('This crowd credential belongs to another task');
}

/** The author (user or crowd worker), task owners and admins may read an example; 403 otherwise. */
export async function authorizeExampleRead(
  db: Db,
  actor: Actor,
  e: ExampleAuthorship,
  annotatorId?: string,
): Promise<void> {
  if (examplePolicy.isAuthor(contributorOfActor(actor, annotatorId), e)) return;
  const task = await findTask(db, e.tid);
  if (!task || !taskPolicy.administer(await taskAccess(db, actor, task))) {
    throw errors.forbidden('You can only read your own examples');
  }
}
