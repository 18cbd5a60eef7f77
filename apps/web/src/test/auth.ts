import { type UserPrivate } from '@dynaloop/contract';
import { TOKEN_KEY } from '../lib/auth';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the payload the server puts in access tokens. */
export function makeToken({
  id = 1,
  username = 'alice',
  expiresIn = 15 * 60,
}: { id?: number; username?: string; expiresIn?: number } = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const exp = Math.floor(Date.now() / 1000) + expiresIn;
  const payload = base64Url(JSON.stringify({ id, username, scope: 'user', exp }));
  return `${header}.${payload}.signature`;
}

/** Stores a valid access token for `user`, as a login would. Returns the token. */
export function logInAs(
  user: Pick<UserPrivate, 'id' | 'username'>,
  options: { expiresIn?: number } = {},
): string {
  const token = makeToken({ id: user.id, username: user.username, ...options });
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

export function makeUser(overrides: Partial<UserPrivate> = {}): UserPrivate {
  return {
    id: 1,
    username: 'alice',
    affiliation: 'Example University',
    avatar_url: null,
    examples_submitted: 0,
    examples_verified: 0,
    total_fooled: 0,
    total_verified_fooled: 0,
    total_verified_not_correct_fooled: 0,
    total_retracted: 0,
    models_submitted: 0,
    email: 'alice@example.com',
    realname: 'Alice Liddell',
    admin: false,
    unseen_notifications: 0,
    created_at: '2024-01-01T00:00:00.000Z',
    settings_json: '{}',
    ...overrides,
  };
}

export function paged<T>(data: T[], count = data.length) {
  return { count, data };
}
