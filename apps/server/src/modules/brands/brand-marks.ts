import type { SimpleIconSlug } from '../../lib/artwork/simple-icons.generated.ts';

/**
 * Partner brands whose mark is in Simple Icons (CC0, THIRD-PARTY-LICENCES.md), by brand key. Every other brand
 * gets a wordmark: its name set in its colour (lib/artwork/brand-logo.ts). `withName` puts the name under a
 * mark that is a symbol alone and would not be known by it (an airline's speedmarque). Only the marks named here
 * are extracted from the set (`npm run artwork`).
 */
export const BRAND_MARKS: Readonly<Record<string, { icon: SimpleIconSlug; withName?: boolean }>> = {
  'british-airways-avios': { icon: 'britishairways', withName: true },
  'hotels-com': { icon: 'hotelsdotcom' },
  expedia: { icon: 'expedia' },
  argos: { icon: 'argos' },
  ebay: { icon: 'ebay' },
  nike: { icon: 'nike' },
  adidas: { icon: 'adidas' },
  samsung: { icon: 'samsung' },
  lenovo: { icon: 'lenovo' },
  boots: { icon: 'boots' },
  deliveroo: { icon: 'deliveroo' },
  hellofresh: { icon: 'hellofresh' },
  ticketmaster: { icon: 'ticketmaster' },
  audible: { icon: 'audible' },
  'american-express': { icon: 'americanexpress' },
};
