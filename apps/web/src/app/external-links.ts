import { LEGAL_PREFIX } from '@app/contracts/routes';

/** Links of the log-in and footer pages (signed-in spec 9); external ones open the brand's own pages. */
export const FOOTER_LINKS = {
  privacyPolicy: `${LEGAL_PREFIX}/privacy-policy`,
  collectorRules: `${LEGAL_PREFIX}/collector-rules`,
  appStore: 'https://apps.apple.com/gb/app/nectar/id1447016588',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.nectar.collect',
  facebook: 'https://www.facebook.com/nectar',
  instagram: 'https://www.instagram.com/nectar',
  x: 'https://x.com/nectar',
  helpChat: 'https://help.nectar.com/hc/en-gb',
  privacyHub: 'https://www.nectar.com/privacy-hub',
  smartShop: 'https://www.sainsburys.co.uk/shop/gb/groceries/smartshop',
} as const;
