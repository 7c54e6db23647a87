import { SignJWT, jwtVerify } from 'jose';
import { offerErrors } from '@app/contracts/offers';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getOrCreateSecret, listSecretVersions } from '../../lib/server-secrets.ts';
import { findOffer } from './repository.ts';

/**
 * Offer previews (docs/product/signed-in-pages.md §S2.2, preview pages): the operator shares a link carrying
 * a signed token, and anyone holding it sees that one offer as members will, without signing in. Tokens are
 * HS256 JWTs signed with a secret every instance shares (server_secrets); they name the offer and expire.
 */
const SECRET_NAME = 'offer-preview';
const AUDIENCE = 'offer-preview';
export const PREVIEW_DEFAULT_HOURS = 72;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signOfferPreview(db: Database, offerId: string, hours = PREVIEW_DEFAULT_HOURS) {
  const secret = await getOrCreateSecret(db, SECRET_NAME);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(offerId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${hours}h`)
    .sign(keyOf(secret));
}

/** The offer id of a valid token; a forged, expired or malformed token is refused with 404 (nothing to show). */
export async function verifyOfferPreview(db: Database, token: string): Promise<string> {
  for (const secret of await listSecretVersions(db, SECRET_NAME)) {
    try {
      const { payload } = await jwtVerify(token, keyOf(secret), {
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (payload.sub) return payload.sub;
    } catch {
      // Try an older version of the secret, then give up.
    }
  }
  throw new AppError(404, 'PREVIEW_NOT_FOUND', offerErrors.previewInvalid);
}

/** The three preview pages of one token (routes of docs/product/signed-in-pages.md §S2.2). */
export const previewPaths = (token: string) => ({
  offerCard: `/offercard-preview/${token}`,
  heroCard: `/herocard-preview/${token}`,
  offerDetails: `/offerdetails-preview/${token}`,
});

/** A fresh token for an offer of the catalogue and its preview pages, for the operator to share. */
export async function createOfferPreview(db: Database, offerId: string, hours = PREVIEW_DEFAULT_HOURS) {
  if (!(await findOffer(db, offerId))) {
    throw new AppError(404, 'OFFER_NOT_FOUND', offerErrors.unknownOffer(offerId));
  }
  const token = await signOfferPreview(db, offerId, hours);
  return { token, paths: previewPaths(token) };
}
