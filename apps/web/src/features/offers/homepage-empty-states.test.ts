import { describe, expect, it } from 'vitest';
import { homepageEmptyStates } from './homepage-empty-states.ts';

describe('the homepage empty states', () => {
  it('says every offer is loaded only when some are saved', () => {
    expect(homepageEmptyStates(0, 3).fresh).toBe("You've loaded every offer. New ones arrive every week.");
    expect(homepageEmptyStates(0, 0).fresh).toBe(
      'There are no new offers for you right now. New ones arrive every week.',
    );
  });

  it('asks the member to load an offer only when there is one to load', () => {
    expect(homepageEmptyStates(4, 0).saved).toMatch(/^Load an offer and it will appear here/);
    const none = homepageEmptyStates(0, 0);
    expect(none.saved).toBe('Offers you load will appear here, ready for your next shop.');
    // A member with no offers at all never reads "you've loaded every offer" above "load an offer".
    expect(none.fresh).not.toMatch(/loaded every offer/);
    expect(none.saved).not.toMatch(/^Load an offer/);
  });
});
