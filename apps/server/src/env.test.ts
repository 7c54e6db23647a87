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
  ])('refuses %j and names %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});
