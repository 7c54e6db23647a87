import { isSwitchOn } from '../../shared/switches/switches.ts';

const CAMPAIGN_PAGE = /^\/marketing-event\/([^/?#]+)/;

/**
 * Where a link to a campaign page (/marketing-event/:eventId) goes: there while the campaign page switch is
 * on (docs/product/switches-and-constants.md §S9; ADR 038); while it is off the page does not exist, so the
 * link goes to the event's public page (/offer-event/:eventId), or to `otherwise` when given.
 */
export function campaignLink(path: string, otherwise?: string): string {
  if (isSwitchOn('campaignPage')) return path;
  const id = CAMPAIGN_PAGE.exec(path)?.[1];
  if (!id) return path;
  return otherwise ?? `/offer-event/${id}`;
}
