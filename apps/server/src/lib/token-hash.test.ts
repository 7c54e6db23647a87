// @databases none: pure rules and helpers; it opens no database.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashOf } from './token-hash.ts';

describe('hashOf', () => {
  it('is SHA-256 in base64url, so hashes stored before it still match', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashOf('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    for (const value of ['', 'session-token_-x', 'conversion:é€😀']) {
      expect(hashOf(value)).toBe(createHash('sha256').update(value).digest('base64url'));
    }
  });
});
