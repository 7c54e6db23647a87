import { CONSENT_COOKIE, isConsentChoice, type ConsentChoice } from '@app/contracts/consent';
import { readStored, STORAGE_KEYS, writeCookie, writeStored } from '../storage/storage.ts';
import { marketingLoaders } from '../integrations/integrations.ts';
import { pushToDataLayer } from './analytics.ts';

export type { ConsentChoice };
const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Marketing tracker loads 1 second after consent (docs/product/switches-and-constants.md §S9). */
export const MARKETING_TRACKER_DELAY_MS = 1000;

export const readConsent = (): ConsentChoice | undefined => {
  const value = readStored(STORAGE_KEYS.consent);
  return isConsentChoice(value) ? value : undefined;
};

/**
 * Tells the server the choice (a first-party cookie, read by no script of a third party), so the pages it sends
 * from now on come without the banner it would otherwise draw.
 */
export function rememberConsentForServer(choice: ConsentChoice) {
  writeCookie(CONSENT_COOKIE, choice, CONSENT_COOKIE_MAX_AGE_SECONDS);
}

type TrackerLoader = () => void;
const trackerLoaders: TrackerLoader[] = [];
/** A marketing or analytics tracker (a script, a pixel) to load only with marketing consent. */
export const registerMarketingTracker = (load: TrackerLoader) => {
  trackerLoaders.push(load);
};

let loaded = false;
/**
 * Applies a consent choice (docs/product/signed-in-pages.md §S4): updates the experiment and marketing
 * settings in the data layer, and with marketing consent loads the trackers after 1 second (once per page):
 * the marketing script and the social pixel the operator set (shared/integrations), and any registered here.
 */
export function applyConsent(choice: ConsentChoice): ReturnType<typeof setTimeout> | undefined {
  pushToDataLayer({ event: 'consent', marketing: choice === 'all' });
  pushToDataLayer({ event: 'optimize.activate' });
  if (choice !== 'all' || loaded) return undefined;
  return setTimeout(() => {
    loaded = true;
    for (const load of [...marketingLoaders(), ...trackerLoaders]) load();
  }, MARKETING_TRACKER_DELAY_MS);
}

/** Whether the member gave marketing consent (the offer tracking and the trackers need it). */
export const hasMarketingConsent = () => readConsent() === 'all';

export function chooseConsent(choice: ConsentChoice) {
  writeStored(STORAGE_KEYS.consent, choice);
  rememberConsentForServer(choice);
  return applyConsent(choice);
}
