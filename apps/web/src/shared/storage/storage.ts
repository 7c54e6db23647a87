/**
 * Browser storage that never throws: private modes and full quotas make Web Storage fail, and a failed write
 * must not break a page. Keys of the stored client values (docs/product/signed-in-pages.md §S3) live here.
 */
export const STORAGE_KEYS = {
  /** Set on sign-in, cleared on logout or a 401 (docs/product/signed-in-pages.md §S4). */
  sessionCreatedDate: 'sessionCreatedDate',
  collectorHash: 'collectorHash',
  firstName: 'firstName',
  switches: 'featureSwitches',
  fauxSwitches: 'fauxSwitches',
  consent: 'cookieConsent',
} as const;

type Area = 'local' | 'session';
const storeOf = (area: Area): Storage | undefined => {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
};

export const readStored = (key: string, area: Area = 'local'): string | null => {
  try {
    return storeOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const writeStored = (key: string, value: string, area: Area = 'local') => {
  try {
    storeOf(area)?.setItem(key, value);
  } catch {
    // Storage is a convenience here; the page works without it.
  }
};

export const removeStored = (key: string, area: Area = 'local') => {
  try {
    storeOf(area)?.removeItem(key);
  } catch {
    // As above.
  }
};

/**
 * A first-party cookie the server reads (for the whole site, SameSite=Lax, for `maxAgeSeconds`), Secure when this
 * page came over https, as every cookie of ours is there.
 */
export const writeCookie = (name: string, value: string, maxAgeSeconds: number) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};
