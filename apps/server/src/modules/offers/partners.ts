import { brand } from '@app/contracts/brand';

/** The partners an offer may name (its `partnerId`): the ones a marketer chooses from for a partner offer. */
export const OFFER_PARTNERS: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'esso', name: brand.fuelPartner },
  { id: 'avios', name: brand.airlinePartner },
  { id: 'hotels', name: brand.hotelPartner },
  { id: 'booknook', name: 'Book Nook' },
  { id: 'cinemacity', name: 'Cinema City' },
];

/**
 * Where a partner's logo comes from: the brands' logo of the same partner (GET
 * /anonymous-nectar-brands-api/logos/{key}.svg) or, for a partner that is not a brand there, a wordmark in
 * its colour drawn by the offers service (GET /offers-api/images/partner-{id}/288.svg).
 */
export const PARTNER_LOGOS: Readonly<
  Record<string, { brandKey: string } | { name: string; colour: string }>
> = {
  esso: { brandKey: 'esso' },
  avios: { brandKey: 'british-airways-avios' },
  hotels: { brandKey: 'hotels-com' },
  booknook: { name: 'Book Nook', colour: '#1f6f5c' },
  cinemacity: { name: 'Cinema City', colour: '#b3123f' },
};
