import { brand } from '@app/contracts/brand';
import type { partners } from '../../db/schema/partner-api.ts';
import { retailerProducts } from './sandbox-shelf.ts';

/**
 * The partners the scheme starts with and their base rates (docs/partner-api.md "Partners and rates"). They are
 * start data: written when missing, never overwritten, so an operator's change to a rate in the table stays.
 */
export const START_PARTNERS: Array<typeof partners.$inferInsert> = [
  {
    id: 'retailer',
    name: brand.retailer,
    kind: 'RETAILER',
    ledgerSource: 'sainsburys-till',
    pointsPerPound: 1,
    paysPersonalisedOffers: true,
  },
  {
    id: 'fuel',
    name: brand.fuelPartner,
    kind: 'FUEL',
    ledgerSource: 'esso',
    pointsPerPound: 1,
    offerPartnerId: 'esso',
  },
  { id: 'argos', name: 'Argos', kind: 'BRAND', ledgerSource: 'argos', pointsPerPound: 1 },
  { id: 'ebay', name: 'eBay', kind: 'BRAND', ledgerSource: 'ebay', pointsPerPound: 1 },
  { id: 'caffe-nero', name: 'Caffè Nero', kind: 'BRAND', ledgerSource: 'caffe-nero', pointsPerPound: 2 },
  { id: 'habitat', name: 'Habitat', kind: 'BRAND', ledgerSource: 'habitat', pointsPerPound: 1 },
  {
    id: 'booknook',
    name: 'Book Nook',
    kind: 'BRAND',
    ledgerSource: 'booknook',
    pointsPerPound: 2,
    offerPartnerId: 'booknook',
  },
  {
    id: 'cinemacity',
    name: 'Cinema City',
    kind: 'BRAND',
    ledgerSource: 'cinemacity',
    pointsPerPound: 1,
    offerPartnerId: 'cinemacity',
  },
];

/**
 * The sandbox till's client (demo data only, README "Partner API"): the retailer's tills with every scope. Its
 * secret is public, so it exists only where the demo data is loaded.
 */
export const SANDBOX_TILL_CLIENT = {
  clientId: 'sandbox-till',
  secret: 'sandbox-till-secret-for-testing-only',
  partnerId: 'retailer',
  name: `${brand.retailer} sandbox till`,
  scopes: ['points:earn', 'points:spend', 'members:read'],
} as const;

/** The sandbox till's client for each partner with a shelf: the retailer's is SANDBOX_TILL_CLIENT, the rest alike. */
export const sandboxClientIdOf = (partnerId: string) =>
  partnerId === SANDBOX_TILL_CLIENT.partnerId ? SANDBOX_TILL_CLIENT.clientId : `sandbox-till-${partnerId}`;

export interface TillProduct {
  sku: string;
  name: string;
  category: string;
  /** The shelf price, in pence. */
  pricePence: number;
}

const price = (index: number) => 100 + ((index * 137) % 600);

/** What each partner's sandbox till sells: the products its offers name, priced for a test basket. */
export function tillShelves(): Record<string, TillProduct[]> {
  return {
    retailer: retailerProducts().map((product, index) => ({ ...product, pricePence: price(index) })),
    fuel: [
      { sku: 'unleaded', name: 'Unleaded, 30 litres', category: 'fuel', pricePence: 4350 },
      { sku: 'premium-unleaded', name: 'Premium unleaded, 30 litres', category: 'fuel', pricePence: 4890 },
      { sku: 'diesel', name: 'Diesel, 30 litres', category: 'fuel', pricePence: 4560 },
      { sku: 'car-wash', name: 'Car wash', category: 'car-care', pricePence: 800 },
    ],
    booknook: [
      { sku: 'novel', name: 'Paperback novel', category: 'books', pricePence: 899 },
      { sku: 'picture-book', name: "Children's picture book", category: 'childrens-books', pricePence: 699 },
      { sku: 'gift-card', name: 'Gift card, £25', category: 'gift-cards', pricePence: 2500 },
    ],
    cinemacity: [
      { sku: 'cinema-ticket', name: 'Cinema ticket', category: 'tickets', pricePence: 1150 },
      { sku: 'family-ticket', name: 'Family ticket', category: 'tickets', pricePence: 3600 },
      { sku: 'popcorn-combo', name: 'Large popcorn and drink', category: 'snacks', pricePence: 950 },
    ],
  };
}
