import { systemClock } from '../../lib/clock.ts';
import { createConversions } from './conversions.ts';
import { createLinks } from './links.ts';
import { createPartnerCalls, type LinkedPartnersDeps } from './partner-calls.ts';

export { linksAndTransfersOf } from './links.ts';

/**
 * Linked partners and points exchange (docs/product/signed-in-pages.md §S3, §S4;
 * docs/product/calls-and-errors.md §S8; docs/product/switches-and-constants.md §S9), the module's one public
 * file: linking and unlinking (links.ts) and conversions both ways (conversions.ts), sharing the partner
 * calls (partner-calls.ts).
 */
export function createLinkedPartnersService(deps: LinkedPartnersDeps) {
  const withClock = { ...deps, clock: deps.clock ?? systemClock };
  const calls = createPartnerCalls(deps);
  return { ...createLinks(withClock, calls), ...createConversions(withClock, calls) };
}
