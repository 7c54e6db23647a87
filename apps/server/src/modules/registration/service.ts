import { createCardCheck } from './card-check.ts';
import { createConfirmation } from './confirm.ts';
import { createDetails } from './details.ts';
import { createEmailCheck } from './email-check.ts';
import type { RegistrationDeps } from './steps.ts';

/**
 * Registration (docs/product/registration-and-sign-in.md §R3-§R5, docs/product/calls-and-errors.md §R7, §R8;
 * ADR 008), the module's one public file: a server-side state machine keyed by `authToken` (steps.ts), whose
 * steps are the card check (card-check.ts), the email and its link (email-check.ts), the details (details.ts)
 * and the confirmation with what follows it (confirm.ts).
 */
export function createRegistrationService(deps: RegistrationDeps) {
  return {
    ...createCardCheck(deps),
    ...createEmailCheck(deps),
    ...createDetails(deps),
    ...createConfirmation(deps),
  };
}
