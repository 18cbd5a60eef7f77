import { describe, expect, it } from 'vitest';
import { AccessTokens } from './tokens.js';

describe('access tokens', () => {
  it('are distinct even when issued in the same second for the same login', async () => {
    const tokens = new AccessTokens('s'.repeat(32));
    const user = { id: 7, username: 'ada' };
    const issued = await Promise.all([
      tokens.signUser(user, 'login-1'),
      tokens.signUser(user, 'login-1'),
    ]);
    expect(issued[0]).not.toBe(issued[1]);
    for (const token of issued) {
      expect(await tokens.verify(token)).toEqual({
        scope: 'user',
        id: 7,
        username: 'ada',
        sid: 'login-1',
      });
    }
  });
});
