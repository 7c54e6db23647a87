import { brand } from '@app/contracts/brand';

/**
 * A redirect target must be this site or a host on the brand's allow-list over https
 * (docs/product/registration-and-sign-in.md §R5, docs/product/signed-in-pages.md §S5); the server checks the
 * same list before it hands out a hotels session for a redirect.
 */
export function isAllowedRedirect(target: string, origin = window.location.origin): boolean {
  try {
    const url = new URL(target, origin);
    if (url.origin === origin) return true;
    return url.protocol === 'https:' && brand.redirectAllowList.includes(url.hostname);
  } catch {
    return false;
  }
}
