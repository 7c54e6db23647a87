/**
 * Password rules of docs/product/registration-and-sign-in.md §R5 (also account change,
 * docs/product/signed-in-pages.md §S5): at least 9 characters, an uppercase letter, a lowercase letter, a
 * digit and a special character, no spaces, different from the name and the local part of the email; and
 * docs/security.md "Baseline": at most 64 characters, the commonest passwords refused.
 */
export const PASSWORD_MIN_LENGTH = 9;
export const PASSWORD_RULES_MAX_LENGTH = 64;

export const passwordMessages = {
  intro: 'Your password must:',
  mismatch: 'Passwords do not match.',
  common: 'This password is too common. Choose one that is harder to guess.',
  tooLong: `Your password must not be over ${PASSWORD_RULES_MAX_LENGTH} characters`,
} as const;

export interface PasswordContext {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export type PasswordRuleId = 'length' | 'upper' | 'lower' | 'digit' | 'special' | 'spaces' | 'personal';

export const passwordRules: { id: PasswordRuleId; label: string }[] = [
  { id: 'length', label: `be at least ${PASSWORD_MIN_LENGTH} characters long` },
  { id: 'upper', label: 'include an uppercase letter' },
  { id: 'lower', label: 'include a lowercase letter' },
  { id: 'digit', label: 'include a number' },
  { id: 'special', label: 'include a special character, like ! or ?' },
  { id: 'spaces', label: 'not include spaces' },
  { id: 'personal', label: 'be different from your name and the first part of your email address' },
];

/** Passwords that meet the character rules yet top every breach list; refused outright. */
const COMMON_PASSWORDS = new Set(
  [
    'Password1!',
    'Password1?',
    'Password123!',
    'P@ssword1',
    'P@ssw0rd1',
    'Passw0rd!',
    'Qwerty123!',
    'Qwertyuiop1!',
    'Welcome1!',
    'Welcome123!',
    'Letmein123!',
    'Abcdefg1!',
    'Iloveyou1!',
    'Football1!',
    'Monkey123!',
    'Sunshine1!',
    'Princess1!',
    'Nectar123!',
    'Sainsburys1!',
  ].map((value) => value.toLowerCase()),
);

const personalParts = ({ firstName, lastName, email }: PasswordContext) =>
  [firstName, lastName, email?.split('@')[0]]
    .map((part) => (part ?? '').trim().toLowerCase())
    .filter(Boolean);

export function checkPasswordRules(
  password: string,
  context: PasswordContext = {},
): Record<PasswordRuleId, boolean> {
  const lower = password.toLowerCase();
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    upper: /\p{Lu}/u.test(password),
    lower: /\p{Ll}/u.test(password),
    digit: /\d/.test(password),
    special: /[^\p{L}\d\s]/u.test(password),
    spaces: password.length > 0 && !/\s/.test(password),
    // The spec's rule is 'must differ from the name and from the local part of the email'.
    personal: password.length > 0 && !personalParts(context).includes(lower),
  };
}

/** The first problem with a password, as a message, or undefined when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | undefined {
  if (password.length > PASSWORD_RULES_MAX_LENGTH) return passwordMessages.tooLong;
  const results = checkPasswordRules(password, context);
  const failed = passwordRules.filter((rule) => !results[rule.id]);
  if (failed.length > 0) return `${passwordMessages.intro} ${failed.map((rule) => rule.label).join('; ')}.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return passwordMessages.common;
  return undefined;
}
