import { brand } from '@app/contracts/brand';
import { POINTS_PER_POUND, type Reward } from '@app/contracts/vouchers';

/** A small badge with the partner's name, as an image the page can show without another request. */
const logo = (name: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48"><rect width="160" height="48" rx="8" fill="#7f0442"/><text x="80" y="30" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`,
  )}`;

const reward = (id: string, partnerName: string, pounds: number, itemDescription: string): Reward => ({
  id,
  partnerName,
  itemDescription,
  points: pounds * POINTS_PER_POUND,
  value: `£${pounds.toFixed(2)}`,
  logoImageLocation: logo(partnerName),
});

/**
 * What points can be spent on (docs/decisions/011). Vouchers for the retailer, the fuel partner and a brand
 * partner in the amounts a member sees at the till; one free reward (zero points) a member can claim once.
 */
export const REWARDS: readonly Reward[] = [
  reward('retailer-2-50', brand.retailer, 2.5, `£2.50 off your shopping at ${brand.retailer}`),
  reward('retailer-5', brand.retailer, 5, `£5 off your shopping at ${brand.retailer}`),
  reward('retailer-10', brand.retailer, 10, `£10 off your shopping at ${brand.retailer}`),
  reward('retailer-20', brand.retailer, 20, `£20 off your shopping at ${brand.retailer}`),
  reward('fuel-5', brand.fuelPartner, 5, `£5 off fuel at ${brand.fuelPartner}`),
  reward('argos-5', 'Argos', 5, '£5 Argos gift voucher'),
  reward('argos-10', 'Argos', 10, '£10 Argos gift voucher'),
];

/** Free rewards for /zero-point-redemption: each one once per member. */
export const ZERO_POINT_REWARDS: readonly Reward[] = [
  {
    id: 'welcome-coffee',
    partnerName: 'Caffè Nero',
    itemDescription: 'A free regular hot drink at Caffè Nero, on us',
    points: 0,
    value: '£0.00',
    logoImageLocation: logo('Caffe Nero'),
  },
];

export const findReward = (id: string) => [...REWARDS, ...ZERO_POINT_REWARDS].find((r) => r.id === id);
