import { createHmac } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { linkedPartnerMessages } from '@app/contracts/linked-partners';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { getOrCreateSecret } from '../../lib/server-secrets.ts';

/** A hotels session lasts as long as a short partner hand-off needs. */
export const HOTELS_SESSION_MINUTES = 15;

/**
 * The hotels session token (docs/product/signed-in-pages.md §S4; docs/product/calls-and-errors.md §S7.4): the
 * collector's partner handle and an expiry, signed with a server secret so the hotel partner's side can check
 * it came from us. Nothing in it identifies the collector to anyone without the secret.
 */
function createHotelsSessionToken(secret: string, collectorId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + HOTELS_SESSION_MINUTES * 60_000);
  const handle = createHmac('sha256', secret)
    .update(`handle:${collectorId}`)
    .digest('base64url')
    .slice(0, 22);
  const payload = `${handle}.${Math.floor(expiresAt.getTime() / 1000)}`;
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return { token: `${payload}.${signature}`, expiresAt };
}

/**
 * Redirect targets must be on the brand's allow-list of hosts, over https (localhost aside)
 * (docs/product/signed-in-pages.md §S5).
 */
function isAllowedRedirectTarget(target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (!brand.redirectAllowList.includes(url.hostname)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
}

/**
 * The hotels session hand-off (docs/product/signed-in-pages.md §S4; docs/product/calls-and-errors.md §S7.4):
 * a token for the member, and where it may go.
 */
export function createHotelsSessionService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** A token for the member, refused (400) for a redirect off the allow-list. */
    async start(collectorId: string, redirect: string | undefined) {
      if (redirect !== undefined && !isAllowedRedirectTarget(redirect)) {
        throw new AppError(400, 'REDIRECT_NOT_ALLOWED', linkedPartnerMessages.hotel.REDIRECT_NOT_ALLOWED);
      }
      const secret = await getOrCreateSecret(db, 'hotels-session');
      return createHotelsSessionToken(secret, collectorId, clock.now());
    },
  };
}
