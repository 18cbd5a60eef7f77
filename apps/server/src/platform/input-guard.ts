import { type FastifyRequest } from 'fastify';
import { errors } from './errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored or compared, or undefined when it can. */
export function unsafeStringReason(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired UTF-16 surrogate';
  return undefined;
}

/**
 * The first string (value or object key) in `value` that PostgreSQL cannot take: a NUL
 * character, refused by text and jsonb alike, or an unpaired surrogate, which is not Unicode.
 * Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeString(
  value: unknown,
  root: string,
): { path: string; message: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeStringReason(current);
      if (reason) return { path, message: reason };
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, `${path}.${i}`]));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const reason = unsafeStringReason(key);
        if (reason) return { path: `${path} (a key)`, message: reason };
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/**
 * A preValidation hook for every route: the path parameters, query string and JSON body are
 * refused with a 400 when any string in them holds a NUL or an unpaired surrogate, before a
 * handler or the database sees them.
 */
export async function refuseUnsafeStrings(request: FastifyRequest): Promise<void> {
  for (const [where, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const found = findUnsafeString(value, where);
    if (found) throw errors.validation(`${found.path}: ${found.message}`, [found]);
  }
}
