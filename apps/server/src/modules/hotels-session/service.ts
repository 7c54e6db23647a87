import { createHmac } from 'node:crypto';
import { brand } from '@app/contracts/brand';

/** A hotels session lasts as long as a short partner hand-off needs. */
export const HOTELS_SESSION_MINUTES = 15;

/**
 * The hotels session token (signed-in spec 4, 7.4): the collector's partner handle and an expiry, signed with
 * a server secret so the hotel partner's side can check it came from us. Nothing in it identifies the
 * collector to anyone without the secret.
 */
export function createHotelsSessionToken(secret: string, collectorId: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + HOTELS_SESSION_MINUTES * 60_000);
  const handle = createHmac('sha256', secret)
    .update(`handle:${collectorId}`)
    .digest('base64url')
    .slice(0, 22);
  const payload = `${handle}.${Math.floor(expiresAt.getTime() / 1000)}`;
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return { token: `${payload}.${signature}`, expiresAt };
}

/** Redirect targets must be on the brand's allow-list of hosts, over https (localhost aside) (spec 5). */
export function isAllowedRedirectTarget(target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (!brand.redirectAllowList.includes(url.hostname)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
}
