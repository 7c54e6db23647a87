import { brand } from '@app/contracts/brand';

/**
 * What the homepage's two offer lists say when empty, read together so they never contradict each other:
 * "you've loaded every offer" only when some are saved, "load an offer" only when there is one to load; a
 * member with neither hears that new offers are on their way.
 */
export function homepageEmptyStates(freshCount: number, savedCount: number) {
  return {
    fresh:
      savedCount > 0
        ? "You've loaded every offer. New ones arrive every week."
        : 'There are no new offers for you right now. New ones arrive every week.',
    saved:
      freshCount > 0
        ? `Load an offer and it will appear here, ready for your next shop at ${brand.retailer}.`
        : 'Offers you load will appear here, ready for your next shop.',
  };
}
