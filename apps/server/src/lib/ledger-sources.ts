import { brand } from '@app/contracts/brand';

/**
 * Readable names for the points ledger's sources (db/schema/points-ledger.ts), for an entry that carries no
 * partner details of its own: a member reads "Sainsbury's", never "sainsburys-till".
 */
const SOURCE_NAMES: Record<string, string> = {
  'sainsburys-till': brand.retailer,
  esso: brand.fuelPartner,
  'offers-api': 'Bonus offers',
  'offers-api:redemption': 'Bonus offers',
  'missing-points': 'Missing points claim',
  'british-airways-avios': brand.airlinePartner,
  'hotels-com': brand.hotelPartner,
};

/** The source's name for a member; an unknown source shows its slug in words ("some-partner" → "Some partner"). */
export const sourceName = (source: string) =>
  SOURCE_NAMES[source] ?? source.replace(/[-_:]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
