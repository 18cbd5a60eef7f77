import { type FastifyRequest } from 'fastify';
import { type UserRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';

/** Who writes or validates: a logged-in user, or a crowd worker of one task. */
export type Contributor =
  { kind: 'user'; user: UserRow } | { kind: 'crowd'; tid: number; annotatorId: string };

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

export function assertCrowdTask(contributor: Contributor, tid: number): void {
  if (contributor.kind === 'crowd' && contributor.tid !== tid)
    throw errors.forbidden('This crowd credential belongs to another task');
}
