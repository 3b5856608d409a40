import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to SQLite in ./data/local on port 8080', () => {
    const config = loadConfig({}, '1.0.0');
    expect(config.port).toBe(8080);
    expect(config.db.kind).toBe('sqlite');
    expect(config.dataDir.endsWith('data/local')).toBe(true);
    expect(config.demo.enabled).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/patlas' });
    expect(config.db).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/patlas' });
  });

  it('names every wrong variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_CORPUS: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Invalid environment variable PORT="eighty"/);
    expect(lines.some((l) => l.startsWith('Invalid environment variable DATABASE_URL="mysql://x"'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Invalid environment variable DEMO_CORPUS="maybe"'))).toBe(true);
  });
});

describe('loadConfig: accounts', () => {
  it('defaults the demo password, token lifetime and mode, and validates them', () => {
    const config = loadConfig({});
    expect(config.auth).toEqual({
      adminPassword: undefined,
      demoPassword: 'patlas-demo',
      accessTtlSeconds: 7200,
      rateLimitPerMinute: 30,
    });
    expect(config.mode).toBe('production');
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toMatchObject({ mode: 'test', trustProxy: true });
    expect(loadConfig({ NODE_ENV: 'staging' }).mode).toBe('production');
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS="5"/);
    expect(() => loadConfig({ PATLAS_ADMIN_PASSWORD: 'short' })).toThrow(/PATLAS_ADMIN_PASSWORD=\(hidden\)/);
  });
});
