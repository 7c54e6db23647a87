import {
  INTEGRATIONS_ELEMENT_ID,
  OFFER_TRACKING_PARAM,
  type Integrations,
} from '@app/contracts/integrations';

const NONE: Integrations = { hotelsLogoutUrls: [] };

/**
 * The operator's third-party addresses, from the data block the server puts into the page
 * (contracts/integrations.ts); none when the page has no block (a test, a page not served by our server).
 */
export function readIntegrations(): Integrations {
  const text = document.getElementById(INTEGRATIONS_ELEMENT_ID)?.textContent;
  if (!text) return NONE;
  try {
    return { ...NONE, ...(JSON.parse(text) as Partial<Integrations>) };
  } catch {
    return NONE;
  }
}

/** A GET the page sends and never reads (another origin's answer is opaque): best effort, kept past a navigation. */
const sendBlindGet = (url: string, credentials: RequestCredentials) =>
  fetch(url, { mode: 'no-cors', credentials, keepalive: true, cache: 'no-store' }).then(
    () => undefined,
    () => undefined,
  );

/** How long logout waits for the hotel partner's logouts before it goes on (they keep going after). */
export const HOTELS_LOGOUT_WAIT_MS = 2000;

/**
 * The hotel partner's two logout addresses, loaded with the browser's cookies for them
 * (docs/product/registration-and-sign-in.md §R2, logout screen), so the partner's session in this browser
 * ends too; waits for them at most HOTELS_LOGOUT_WAIT_MS.
 */
export async function loadHotelsLogouts(integrations: Integrations = readIntegrations()) {
  const loads = integrations.hotelsLogoutUrls.map((url) => sendBlindGet(url, 'include'));
  if (loads.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(loads),
    new Promise((resolve) => (timer = setTimeout(resolve, HOTELS_LOGOUT_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/**
 * Tells the offer-tracking address which offers were seen (docs/product/calls-and-errors.md §S7.5), without
 * cookies.
 */
export function trackSeenOffers(offerIds: string[], integrations: Integrations = readIntegrations()) {
  if (!integrations.offerTrackingUrl || offerIds.length === 0) return;
  const url = new URL(integrations.offerTrackingUrl, window.location.origin);
  url.searchParams.set(OFFER_TRACKING_PARAM, offerIds.join(','));
  void sendBlindGet(url.toString(), 'omit');
}

/** The marketing script and the social pixel, as loaders: none for an address that is not set. */
export function marketingLoaders(integrations: Integrations = readIntegrations()): Array<() => void> {
  const loaders: Array<() => void> = [];
  const { marketingScriptUrl, socialPixelUrl } = integrations;
  if (marketingScriptUrl)
    loaders.push(() => {
      const script = document.createElement('script');
      script.src = marketingScriptUrl;
      script.async = true;
      script.dataset.integration = 'marketing';
      document.head.append(script);
    });
  if (socialPixelUrl)
    loaders.push(() => {
      const pixel = new Image(1, 1);
      pixel.src = socialPixelUrl;
      pixel.alt = '';
      pixel.dataset.integration = 'social-pixel';
      pixel.hidden = true;
      document.body.append(pixel);
    });
  return loaders;
}
