import { brand } from '@app/contracts/brand';
import { brandLogoUrl } from '@app/contracts/brand-logos';
import { POINTS_PER_POUND, type Reward } from '@app/contracts/vouchers';

/**
 * A reward's partner logo: the partner's logo from the brand catalogue (its mark, or its name as a wordmark in
 * its colour), the same one the brand pages show, by the brand's key there.
 */
const reward = (
  id: string,
  partnerName: string,
  brandKey: string,
  pounds: number,
  itemDescription: string,
): Reward => ({
  id,
  partnerName,
  itemDescription,
  points: pounds * POINTS_PER_POUND,
  value: `£${pounds.toFixed(2)}`,
  logoImageLocation: brandLogoUrl(brandKey),
});

/**
 * What points can be spent on (docs/decisions/011). Vouchers for the retailer, the fuel partner and a brand
 * partner in the amounts a member sees at the till; one free reward (zero points) a member can claim once.
 */
export const REWARDS: readonly Reward[] = [
  reward('retailer-2-50', brand.retailer, 'sainsburys', 2.5, `£2.50 off your shopping at ${brand.retailer}`),
  reward('retailer-5', brand.retailer, 'sainsburys', 5, `£5 off your shopping at ${brand.retailer}`),
  reward('retailer-10', brand.retailer, 'sainsburys', 10, `£10 off your shopping at ${brand.retailer}`),
  reward('retailer-20', brand.retailer, 'sainsburys', 20, `£20 off your shopping at ${brand.retailer}`),
  reward('fuel-5', brand.fuelPartner, 'esso', 5, `£5 off fuel at ${brand.fuelPartner}`),
  reward('argos-5', 'Argos', 'argos', 5, '£5 Argos gift voucher'),
  reward('argos-10', 'Argos', 'argos', 10, '£10 Argos gift voucher'),
];

/** Free rewards for /zero-point-redemption: each one once per member. */
export const ZERO_POINT_REWARDS: readonly Reward[] = [
  {
    id: 'welcome-coffee',
    partnerName: 'Caffè Nero',
    itemDescription: 'A free regular hot drink at Caffè Nero, on us',
    points: 0,
    value: '£0.00',
    logoImageLocation: brandLogoUrl('caffe-nero'),
  },
];

export const findReward = (id: string) => [...REWARDS, ...ZERO_POINT_REWARDS].find((r) => r.id === id);
