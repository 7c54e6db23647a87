import { describe, expect, it } from 'vitest';
import { checkPasswordRules, passwordMessages, passwordProblem } from './password.ts';

describe('password rules of registration and account change', () => {
  const person = { firstName: 'Alex', lastName: 'Morgan', email: 'demo.user@example.com' };

  it('accepts a password that meets every rule', () => {
    expect(passwordProblem('Nectar-demo-2026', person)).toBeUndefined();
  });

  it('names each unmet rule after "Your password must:"', () => {
    expect(passwordProblem('abc', person)).toBe(
      `${passwordMessages.intro} be at least 9 characters long; include an uppercase letter; include a number; include a special character, like ! or ?.`,
    );
    expect(checkPasswordRules('Has space 1!').spaces).toBe(false);
  });

  it('must differ from the name and the local part of the email', () => {
    expect(checkPasswordRules('Morgan', person).personal).toBe(false);
    expect(checkPasswordRules('DEMO.USER', person).personal).toBe(false);
    expect(checkPasswordRules('Morgan-2026!', person).personal).toBe(true);
  });

  it('refuses the commonest passwords and anything over 64 characters', () => {
    expect(passwordProblem('Password1!', person)).toBe(passwordMessages.common);
    expect(passwordProblem(`Aa1!${'x'.repeat(61)}`, person)).toBe(passwordMessages.tooLong);
  });
});
