import { offerErrors } from '@app/contracts/offers';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/database.ts';
import { brandLogoSvg } from '../../lib/artwork/brand-logo.ts';
import { AppError } from '../../lib/app-error.ts';
import { offerPictureSvg } from './offer-picture-svg.ts';
import { offerPicture, offerPictureKey } from './offer-pictures.ts';
import { PARTNER_LOGOS } from './partners.ts';
import { catalogueOffer, verifyOfferPreview } from './previews.ts';
import { findOffer, type OfferRow } from './repository.ts';
import { isOfferLive } from './service.ts';

/** What anyone may see of the offers without a session: partner offers, previews and the offers' pictures. */
export function createPublicOfferService({ db, clock }: { db: Database; clock: Clock }) {
  const now = () => clock.now();
  /** A live catalogue offer that `accept` allows, or 404. */
  async function publicOffer(id: string, accept: (row: OfferRow) => boolean) {
    const row = await findOffer(db, id);
    if (!row || !accept(row) || !isOfferLive(row, now())) {
      throw new AppError(404, 'OFFER_NOT_FOUND', offerErrors.notPublic);
    }
    return catalogueOffer(row);
  }

  return {
    /** A partner offer (its preview page, shared links). */
    partnerOffer: (id: string) => publicOffer(id, (row) => row.sourceType === 'COALITION'),

    /** The offer named by a signed preview token, whatever its kind. */
    async previewOffer(token: string) {
      return publicOffer(await verifyOfferPreview(db, token), () => true);
    },

    /** A picture by its key, a partner's logo, or (links made before pictures had keys) an offer's picture. */
    async imageSvg(name: string, width: number): Promise<string | undefined> {
      if (name.startsWith('picture-')) {
        const picture = offerPicture(name.slice('picture-'.length));
        return picture && offerPictureSvg(picture, width);
      }
      if (name.startsWith('partner-')) {
        const logo = PARTNER_LOGOS[name.slice('partner-'.length)];
        return logo && 'name' in logo ? brandLogoSvg(logo) : undefined;
      }
      const offer = await findOffer(db, name);
      const picture = offer && offerPicture(offerPictureKey(offer));
      return picture && offerPictureSvg(picture, width);
    },
  };
}
