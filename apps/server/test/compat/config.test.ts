import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('CORS_ORIGINS', () => {
  it('is empty by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it('reads comma-separated origins, without trailing slashes', () => {
    const config = loadConfig({
      CORS_ORIGINS: ' http://localhost:3000/ , https://dynabench.example.org',
    });
    expect(config.corsOrigins).toEqual(['http://localhost:3000', 'https://dynabench.example.org']);
  });

  it('refuses anything but origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'http://localhost:3000/app' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });
});
