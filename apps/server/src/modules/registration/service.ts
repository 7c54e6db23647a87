import { createCardCheck } from './card-check.ts';
import { createConfirmation } from './confirm.ts';
import { createDetails } from './details.ts';
import { createEmailCheck } from './email-check.ts';
import type { RegistrationDeps } from './steps.ts';

/**
 * Registration (registration spec 3-5, 7-8; issue 5), the module's one public file: a server-side state
 * machine keyed by `authToken` (steps.ts), whose steps are the card check (card-check.ts), the email and its
 * link (email-check.ts), the details (details.ts) and the confirmation with what follows it (confirm.ts).
 */
export function createRegistrationService(deps: RegistrationDeps) {
  return {
    ...createCardCheck(deps),
    ...createEmailCheck(deps),
    ...createDetails(deps),
    ...createConfirmation(deps),
  };
}
