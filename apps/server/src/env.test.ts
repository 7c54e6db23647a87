// @databases none: pure rules and helpers; it opens no database.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './env.ts';

describe('readConfig', () => {
  it('uses the documented defaults', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.botCheck).toBe('altcha');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BOT_CHECK: 'maybe' }, 'BOT_CHECK'],
    [{ NODE_ENV: 'production', BOT_CHECK: 'off' }, 'BOT_CHECK'],
    [{ BOT_CHECK: 'recaptcha' }, 'RECAPTCHA_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ TRUST_PROXY: 'perhaps' }, 'TRUST_PROXY'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ HTTP_HANDLER_TIMEOUT_MS: '10' }, 'HTTP_HANDLER_TIMEOUT_MS'],
    [{ CONVERSION_SETTLE_AFTER_MS: 'soon' }, 'CONVERSION_SETTLE_AFTER_MS'],
  ])('refuses %j and names %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});

describe('scale settings', () => {
  it('counts limits in memory without REDIS_URL and in Redis under its prefix with it', () => {
    expect(readConfig({}).redis).toBeUndefined();
    expect(readConfig({ REDIS_URL: 'redis://cache:6379' }).redis).toEqual({
      url: 'redis://cache:6379',
      keyPrefix: 'lc:',
    });
  });

  it('gives the client a second longer than the server to end a statement, unless told otherwise', () => {
    expect(readConfig({}).database).toEqual({
      poolMax: 10,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 15_000,
      queryTimeoutMs: 16_000,
    });
    expect(readConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '3000' }).database.queryTimeoutMs).toBe(4_000);
    expect(readConfig({ DATABASE_QUERY_TIMEOUT_MS: '9000' }).database.queryTimeoutMs).toBe(9_000);
    expect(readConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      connectionTimeoutMs: 120_000,
      handlerTimeoutMs: 25_000,
    });
  });
});

describe('background jobs', () => {
  it('settles stale conversions after the partner limit twice and a margin, unless told otherwise', () => {
    // Unset, the linked-partners module takes 2 x PARTNER_TIMEOUT_MS + 30 s (conversions.ts settleAfterMs).
    expect(readConfig({}).linkedPartners?.settleAfterMs).toBeUndefined();
    expect(readConfig({ CONVERSION_SETTLE_AFTER_MS: '120000' }).linkedPartners?.settleAfterMs).toBe(120_000);
  });
});

describe('graceful shutdown and the balancer', () => {
  it('drains 5 s, gives up after 30 s and names no instance unless told', () => {
    expect(readConfig({}).shutdown).toEqual({ graceMs: 5_000, timeoutMs: 30_000 });
    expect(readConfig({}).instanceName).toBeUndefined();
    expect(readConfig({ SHUTDOWN_GRACE_MS: '0', INSTANCE_NAME: 'app-2' })).toMatchObject({
      shutdown: { graceMs: 0 },
      instanceName: 'app-2',
    });
  });

  it.each([
    [{ SHUTDOWN_GRACE_MS: 'soon' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_GRACE_MS: '30000' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_TIMEOUT_MS: '10' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ INSTANCE_NAME: 'app 1' }, 'INSTANCE_NAME'],
  ])('refuses %j and names %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});

describe('safe defaults', () => {
  it('listens on loopback, without tester tools, with the API reference outside production only', () => {
    const development = readConfig({});
    expect(development.host).toBe('127.0.0.1');
    expect(development.devTools).toBe(false);
    expect(development.apiDocs).toBe(true);
    expect(development.trustProxy).toBe(false);
    const production = readConfig({ NODE_ENV: 'production' });
    expect(production.apiDocs).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(readConfig({ DEV_TOOLS: 'on' }).devTools).toBe(true);
  });

  it.each([
    [{ NODE_ENV: 'production', DEV_TOOLS: 'on' }, 'DEV_TOOLS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, not-an-address' }, 'TRUST_PROXY'],
  ])('refuses %j and names %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});
