import { brand } from '@app/contracts/brand';
import type { Database } from '../../db/database.ts';
import { addMissingMarketingEvents, type NewMarketingEvent } from '../../modules/marketing/service.ts';

/**
 * The scheme's first marketing events (original text; ADR 015). Dates span the first offers' window. The
 * winter event is the homepage's slim banner ('homepage pod skinny event') and the one the countdown pod
 * counts to the end of.
 */
export function marketingEventCatalogue(): NewMarketingEvent[] {
  return [
    {
      id: 'winter-bonus-weeks',
      title: 'Winter bonus weeks',
      summary: `Extra points on warming favourites at ${brand.retailer} until the end of January.`,
      description:
        '<p>Save these offers to your card and collect bonus points every time you buy them at ' +
        `${brand.retailer}, in store or online.</p><p>New offers join each week, so check back.</p>`,
      terms:
        '<p>Offers must be saved to your card before you shop. Each offer can be used once per card unless ' +
        'it says otherwise. Bonus points are added within 48 hours. The event runs from 1 November 2026 to ' +
        '31 January 2027. Full terms in the Collector Rules.</p>',
      startsAt: new Date('2026-11-01T00:00:00.000Z'),
      endsAt: new Date('2027-01-31T23:59:59.000Z'),
      offerIds: ['piano-001', 'piano-002', 'piano-005', 'piano-006', 'piano-007'],
      ctaLabel: 'See all your offers',
      ctaPath: '/homepage',
      homepagePod: true,
      countdown: true,
    },
    {
      id: 'fuel-double-points',
      title: `Double points at ${brand.fuelPartner}`,
      summary: `Opt in and collect double points on fuel at ${brand.fuelPartner}.`,
      description:
        `<p>Opt in to the ${brand.fuelPartner} offers below, ` +
        `then use your ${brand.name} card when you fill up.</p>`,
      terms:
        '<p>Opt in before you buy fuel. Double points apply to fuel only, up to 100 litres a week. ' +
        'The event runs from 1 November 2026 to 31 January 2027.</p>',
      startsAt: new Date('2026-11-01T00:00:00.000Z'),
      endsAt: new Date('2027-01-31T23:59:59.000Z'),
      offerIds: ['coalition-001', 'coalition-002'],
      ctaLabel: 'See partner offers',
      ctaPath: '/partners',
    },
  ];
}

/** Writes the first events that are missing; an event staff changed keeps its row (ADR 055). */
export async function loadMarketingEvents(db: Database) {
  await addMissingMarketingEvents(db, marketingEventCatalogue());
}
