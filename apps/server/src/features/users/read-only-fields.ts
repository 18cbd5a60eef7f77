import { type UserUpdateBody } from '@dynaloop/contract';
import { type UserRow } from '../../db/schema.js';
import { errors } from '../../platform/errors.js';

/**
 * Clients of the original API write back the whole user object they read. Its identity and role
 * may come along only unchanged; the counters and the like are ignored.
 */
export function assertReadOnlyUnchanged(body: UserUpdateBody, user: UserRow): void {
  const changed: string[] = [];
  if (body.id !== undefined && body.id !== user.id) changed.push('id');
  if (
    body.email !== undefined &&
    (typeof body.email !== 'string' || body.email.toLowerCase() !== user.email.toLowerCase())
  )
    changed.push('email');
  if (body.admin !== undefined && body.admin !== user.admin) changed.push('admin');
  if (changed.length > 0) {
    throw errors.validation(
      `These fields cannot be changed here: ${changed.join(', ')}`,
      changed.map((f) => ({ path: `body.${f}`, message: 'is read-only' })),
    );
  }
}
