import { afterEach, describe, expect, it } from 'vitest';
import { switchesWith } from '@app/contracts/switches';
import { drawUnder } from '../../shared/switches/switches.ts';
import { campaignLink } from './campaign-link.ts';

afterEach(() => drawUnder(undefined, switchesWith([])));

// docs/product/switches-and-constants.md §S9
describe('links to a campaign page (campaign page switch)', () => {
  it('go to the campaign page while the switch is on', () => {
    drawUnder('local', switchesWith(['campaignPage']));
    expect(campaignLink('/marketing-event/spring-bonus')).toBe('/marketing-event/spring-bonus');
    expect(campaignLink('/marketing-event/spring-bonus', '/homepage')).toBe('/marketing-event/spring-bonus');
  });

  it("go to the event's public page, or where the caller says, while it is off; other links stay", () => {
    drawUnder('production', switchesWith([]));
    expect(campaignLink('/marketing-event/spring-bonus')).toBe('/offer-event/spring-bonus');
    expect(campaignLink('/marketing-event/spring-bonus', '/homepage')).toBe('/homepage');
    expect(campaignLink('/skinnyevent/spring')).toBe('/skinnyevent/spring');
  });
});
