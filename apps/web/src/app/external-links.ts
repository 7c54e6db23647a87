import { LEGAL_PREFIX } from '@app/contracts/routes';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../shared/navigation/app-stores.ts';

/**
 * Links of the log-in and footer pages (docs/product/switches-and-constants.md §S9); external ones open the
 * brand's own pages.
 */
export const FOOTER_LINKS = {
  privacyPolicy: `${LEGAL_PREFIX}/privacy-policy`,
  collectorRules: `${LEGAL_PREFIX}/collector-rules`,
  appStore: APP_STORE_URL,
  googlePlay: GOOGLE_PLAY_URL,
  facebook: 'https://www.facebook.com/nectar',
  instagram: 'https://www.instagram.com/nectar',
  x: 'https://x.com/nectar',
  /** 'Chat to us' opens our own contact page (the careline, missing points, feedback), not an outside site. */
  helpChat: '/contact-us',
  privacyHub: 'https://www.nectar.com/privacy-hub',
  smartShop: 'https://www.sainsburys.co.uk/shop/gb/groceries/smartshop',
} as const;
