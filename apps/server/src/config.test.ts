import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, maskUrlCredentials } from './config.js';

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

describe('loadConfig: connection URLs (issue 41)', () => {
  const messageOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('loadConfig accepted it');
  };

  it('names a wrong SMTP_URL or DATABASE_URL without its password', () => {
    const message = messageOf({
      SMTP_URL: 'smtpx://mailer:Sm7p-s3cret@mail.internal:587',
      DATABASE_URL: 'mysql://patlas:Db-s3cret@db.internal:3306/patlas',
    });
    expect(message).not.toContain('s3cret');
    expect(message).toContain('Invalid environment variable SMTP_URL="smtpx://mailer:***@mail.internal:587"');
    expect(message).toContain('Invalid environment variable DATABASE_URL="mysql://patlas:***@db.internal:3306/patlas"');
  });

  it('refuses at start a URL the driver could not parse, unencoded password and all, without printing the password', () => {
    const message = messageOf({
      DATABASE_URL: 'postgres://patlas:pa ss@w0rd@db.internal:port/patlas',
      SMTP_URL: 'smtp://mailer:se cret/x@mail.internal:25',
    });
    expect(message.split('\n')).toHaveLength(2);
    expect(message).not.toMatch(/pa ss|w0rd|se cret/);
    expect(message).toContain('DATABASE_URL="postgres://patlas:***@db.internal:port/patlas": not a valid URL');
    // Valid ones still pass as they are.
    expect(loadConfig({ SMTP_URL: 'smtp://u:p%40ss@mail.example.org:587' }).mail.smtpUrl).toBe(
      'smtp://u:p%40ss@mail.example.org:587',
    );
  });

  it('masks passwords of URLs in any message', () => {
    expect(maskUrlCredentials('connect to postgres://u:secret@h:5432/db failed')).toBe(
      'connect to postgres://u:***@h:5432/db failed',
    );
    expect(maskUrlCredentials('postgres://h/db?sslmode=require&password=secret')).toBe(
      'postgres://h/db?sslmode=require&password=***',
    );
    expect(maskUrlCredentials('connect ECONNREFUSED 127.0.0.1:25')).toBe('connect ECONNREFUSED 127.0.0.1:25');
  });
});

describe('loadConfig: alert caps (issue 41)', () => {
  it('defaults the alerts per account and confirmation mails per day, and takes others', () => {
    expect(loadConfig({}).alerts).toEqual({ maxPerUser: 50, confirmationsPerDay: 20 });
    expect(loadConfig({ ALERT_MAX_PER_USER: '5', ALERT_CONFIRMATIONS_PER_DAY: '2' }).alerts).toEqual({
      maxPerUser: 5,
      confirmationsPerDay: 2,
    });
    expect(() => loadConfig({ ALERT_MAX_PER_USER: '0' })).toThrow(/ALERT_MAX_PER_USER="0"/);
  });
});

describe('loadConfig: retention days (issue 41)', () => {
  it('defaults the days each kind of row is kept, takes others, and refuses less than a day', () => {
    expect(loadConfig({}).retention).toEqual({
      searchStates: 30,
      loginFailures: 30,
      imageSearchKeys: 1,
      readMessages: 365,
      libraryLogs: 365,
      alertRuns: 180,
      finishedTasks: 180,
    });
    const set = loadConfig({ RETENTION_SEARCH_STATES_DAYS: '7', RETENTION_FINISHED_TASKS_DAYS: '90' }).retention;
    expect(set).toMatchObject({ searchStates: 7, finishedTasks: 90, readMessages: 365 });
    expect(() => loadConfig({ RETENTION_READ_MESSAGES_DAYS: '0' })).toThrow(/RETENTION_READ_MESSAGES_DAYS="0"/);
  });
});

describe('loadConfig: accounts', () => {
  it('defaults the demo password, token lifetime and mode, and validates them', () => {
    const config = loadConfig({});
    expect(config.auth).toEqual({
      adminPassword: undefined,
      demoPassword: 'patlas-demo',
      // issue 41: the published demo password is refused beyond loopback unless allowed
      allowExposedDemo: false,
      captchaStyle: 'svg',
      accessTtlSeconds: 7200,
      rateLimitPerMinute: 30,
      recipientLookupsPerMinute: 20,
    });
    expect(config.mode).toBe('production');
    expect(loadConfig({ PATLAS_ALLOW_DEMO_ACCOUNTS: 'true' }).auth.allowExposedDemo).toBe(true);
    expect(loadConfig({ CAPTCHA_STYLE: 'distorted' }).auth.captchaStyle).toBe('distorted');
    expect(() => loadConfig({ CAPTCHA_STYLE: 'math' })).toThrow(/CAPTCHA_STYLE/);
    // without the demo corpus there is no demo account unless its password is configured
    expect(loadConfig({ DEMO_CORPUS: 'false' }).auth.demoPassword).toBeUndefined();
    expect(loadConfig({ DEMO_CORPUS: 'false', PATLAS_DEMO_PASSWORD: 'demo-secret' }).auth.demoPassword).toBe(
      'demo-secret',
    );
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ mode: 'test' });
    expect(loadConfig({ NODE_ENV: 'staging' }).mode).toBe('production');
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS="5"/);
    expect(() => loadConfig({ PATLAS_ADMIN_PASSWORD: 'short' })).toThrow(/PATLAS_ADMIN_PASSWORD=\(hidden\)/);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    // '1' used to mean `true` (trust every X-Forwarded-For entry); it is one hop now
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses `true` (it trusted the client-written left-most X-Forwarded-For) with one line naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({ TRUST_PROXY: 'true' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable TRUST_PROXY="true": trusting every proxy/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY="yes"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY=.*"10.0.0.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY=/);
  });
});
