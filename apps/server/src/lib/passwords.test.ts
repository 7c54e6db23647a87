// @databases none: pure rules and helpers; it opens no database.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { hashSync } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashCost, PRODUCTION_HASH_COST, verifyPassword } from './passwords.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('password hashing cost', () => {
  it('hashes at OWASP’s minimum (19 MiB, t=2, p=1) in a process started as `npm start` starts the server', () => {
    // scripts/start.mjs passes the caller's environment on: a shell's, with no test runner in it.
    const { VITEST: _runner, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...shell } = process.env;
    const encoded = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        "const { hashPassword } = await import('./apps/server/src/lib/passwords.ts'); process.stdout.write(await hashPassword('Nectar-demo-2026'));",
      ],
      { cwd: root, env: { ...shell, NODE_ENV: 'development' }, encoding: 'utf8' },
    );
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('keeps the production cost with NODE_ENV=production even inside a test runner', () => {
    expect(passwordHashCost({ VITEST: 'true', NODE_ENV: 'production' })).toEqual(PRODUCTION_HASH_COST);
    expect(passwordHashCost({ NODE_ENV: 'test' })).toEqual(PRODUCTION_HASH_COST);
  });

  it('verifies a hash of either cost, since the hash records its own', async () => {
    const cheap = await hashPassword('Nectar-demo-2026');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'Nectar-demo-2026')).toBe(true);
    expect(await verifyPassword(cheap, 'nectar-demo-2026')).toBe(false);
    const production = hashSync('Nectar-demo-2026', { algorithm: 2, ...PRODUCTION_HASH_COST });
    expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(production, 'Nectar-demo-2026')).toBe(true);
  });
});
