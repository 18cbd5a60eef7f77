import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, REPO_ROOT, rolesFromArgv } from './config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('var'));
    expect(config.roles).toEqual(['web', 'worker']);
    expect(config.seedDemo).toBe(true);
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ROLES: 'web,cook' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// connection string');
    expect(message).toContain('ROLES');
  });

  it('accepts an external database and a single role', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db.internal:5432/app',
      JWT_SECRET: 's'.repeat(40),
      ROLES: 'worker',
      SEED_DEMO: 'false',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@db.internal:5432/app');
    expect(config.roles).toEqual(['worker']);
    expect(config.seedDemo).toBe(false);
  });
});

describe('secrets and flags', () => {
  const externalDatabase = { DATABASE_URL: 'postgres://u:p@db/app' };

  it.each([
    ['no secret', {}, /JWT_SECRET: required/],
    ['a short secret', { JWT_SECRET: 'short' }, /at least 32/],
  ])('requires a shared JWT_SECRET with an external database: %s', (_, secret, problem) => {
    expect(() => loadConfig({ ...externalDatabase, ...secret })).toThrow(problem);
  });

  it('accepts a JWT_SECRET of exactly 32 characters', () => {
    expect(loadConfig({ ...externalDatabase, JWT_SECRET: 's'.repeat(32) }).jwtSecret).toBe(
      's'.repeat(32),
    );
  });

  it('reads feature flags and invite codes', () => {
    const config = loadConfig({
      FEATURE_BETA_LOGIN: 'true',
      BETA_INVITE_CODES: 'alpha, beta ,',
      FEATURE_FORK: 'false',
    });
    expect(config.flags).toEqual({
      beta_login: true,
      fork: false,
      snapshot: true,
      dynaboard: true,
    });
    expect(config.betaInviteCodes).toEqual(['alpha', 'beta']);
  });

  it('reads 1 and 0 as flag values too', () => {
    const config = loadConfig({ FEATURE_BETA_LOGIN: '1', FEATURE_SNAPSHOT: '0' });
    expect(config.flags).toMatchObject({ beta_login: true, snapshot: false });
  });
});

describe('rolesFromArgv', () => {
  it('reads --roles=a,b and --roles a,b', () => {
    expect(rolesFromArgv(['--roles=web'])).toBe('web');
    expect(rolesFromArgv(['--roles', 'worker,web'])).toBe('worker,web');
    expect(rolesFromArgv([])).toBeUndefined();
  });
});

describe('the README configuration table', () => {
  /** The variable of each row of the table under "## Configuration" (its first `code` cell). */
  const documented = () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
    return section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => /^\| `([A-Z0-9_]+)`/.exec(line)?.[1] ?? line);
  };

  it('lists every variable the server reads', () => {
    expect(CONFIG_VARIABLES).toContain('JWT_SECRET');
    for (const name of CONFIG_VARIABLES) expect(documented(), name).toContain(name);
  });

  it('lists only variables the server reads, each once', () => {
    const rows = documented();
    expect(rows.length).toBeGreaterThan(0);
    for (const name of rows) expect(CONFIG_VARIABLES, name).toContain(name);
    expect(new Set(rows).size).toBe(rows.length);
  });
});
