import { createClosing } from './closing.ts';
import { createContact } from './contact.ts';
import type { AccountDeps } from './deps.ts';
import { createPreferences } from './preferences.ts';
import { createProfile } from './profile.ts';
import { createRedemptionLock } from './redemption-lock.ts';
import { createSecurity } from './security.ts';

/**
 * Account management (docs/product/calls-and-errors.md §S7.4; ADR 012), the module's one public file: the
 * member's details (profile.ts), email and mobile with step-up codes (contact.ts), password, sessions and the
 * security log (security.ts), preferences and unsubscribe (preferences.ts), the redemption lock
 * (redemption-lock.ts) and closing (closing.ts), each a part built from the same deps.
 */
export function createAccountService(deps: AccountDeps) {
  const profile = createProfile(deps);
  return {
    ...profile,
    ...createContact(deps, profile),
    ...createSecurity(deps),
    ...createPreferences(deps),
    ...createRedemptionLock(deps),
    ...createClosing(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export { createCustomerService } from './profile.ts';
export { consentsOf, preferencesOf, unsubscribeToken } from './preferences.ts';
/** The member's sessions and security log, for the staff console's member screen too. */
export { accountEventsOf, sessionsOf } from './security.ts';
/** What the careline does to an account as the member's own pages would (docs/staff-console.md). */
export { endAccount } from './closing.ts';
export { checkNewEmail, resendEmailChangeLink, sendEmailChangeLink } from './contact.ts';
