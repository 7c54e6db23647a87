import { describe, expect, it } from 'vitest';
import { collectorSessionRequestSchema, safeNext, signInMessages } from './sign-in.ts';

describe('safeNext: where sign-in may return to', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNext('/homepage')).toBe('/homepage');
    expect(safeNext('/account/comms?tab=email#top')).toBe('/account/comms?tab=email#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'homepage',
    '/id/start/login',
    '/oauth2/auth',
    '/logout',
    '/oauth_redirect',
    `/${'a'.repeat(600)}`,
    '/a\nb',
    '',
    null,
    undefined,
  ])('refuses %s', (next) => {
    expect(safeNext(next)).toBeUndefined();
  });
});

describe('the password step payload', () => {
  it("refuses an empty password with the spec's message", () => {
    const result = collectorSessionRequestSchema.safeParse({
      collectorId: '9826300012345678901',
      password: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(signInMessages.passwordEmpty);
  });
});
