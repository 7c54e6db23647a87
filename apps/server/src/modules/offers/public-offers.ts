import { offerErrors, type Offer } from '@app/contracts/offers';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/database.ts';
import { brandLogoSvg } from '../../lib/artwork/brand-logo.ts';
import { AppError } from '../../lib/app-error.ts';
import { offerPictureSvg } from './offer-picture-svg.ts';
import { offerPicture, offerPictureKey } from './offer-pictures.ts';
import { PARTNER_LOGOS } from './partners.ts';
import { verifyOfferPreview } from './previews.ts';
import { findOffer, findUpload, type OfferRow } from './repository.ts';
import { isOfferLive, toOffer } from './service.ts';

/** An offer as the catalogue describes it, before any collector has done anything with it. */
export const catalogueOffer = (row: OfferRow): Offer =>
  toOffer({
    ...row,
    state: row.sourceType === 'COALITION' ? 'NOTOPTEDIN' : 'UNLOADED',
    isBookmarked: false,
    timesEarned: 0,
    savedAt: null,
  });

/** Whether members may see the offer now: approved, not stopped early, and in its dates. */
const runningNow = (row: OfferRow, now: Date) =>
  row.status === 'approved' && row.stoppedReason === null && isOfferLive(row, now);

/**
 * Whether a preview may show the offer: any that has not ended, a draft and one not started yet too (a
 * marketer's preview shows the offer before members see it).
 */
const previewable = (row: OfferRow, now: Date) =>
  row.status !== 'ended' && now.getTime() <= row.validTo.getTime();

/** A picture as the image route sends it. */
export type OfferImage = { kind: 'svg'; svg: string } | { kind: 'upload'; contentType: string; data: Buffer };

/** What anyone may see of the offers without a session: partner offers, previews and the offers' pictures. */
export function createPublicOfferService({ db, clock }: { db: Database; clock: Clock }) {
  const now = () => clock.now();
  /** An offer that `accept` allows now, or 404. */
  async function publicOffer(id: string, accept: (row: OfferRow, now: Date) => boolean) {
    const row = await findOffer(db, id);
    if (!row || !accept(row, now())) {
      throw new AppError(404, 'OFFER_NOT_FOUND', offerErrors.notPublic);
    }
    return catalogueOffer(row);
  }

  return {
    /** A partner offer members see now (its preview page, shared links). */
    partnerOffer: (id: string) =>
      publicOffer(id, (row, at) => row.sourceType === 'COALITION' && runningNow(row, at)),

    /** The offer named by a signed preview token, whatever its kind. */
    async previewOffer(token: string) {
      return publicOffer(await verifyOfferPreview(db, token), previewable);
    },

    /**
     * A picture by its key, an uploaded picture (`upload-{id}`), a partner's logo, or (links made before
     * pictures had keys) an offer's picture.
     */
    async image(name: string, width: number): Promise<OfferImage | undefined> {
      const svg = (text: string | undefined) =>
        text === undefined ? undefined : { kind: 'svg' as const, svg: text };
      if (name.startsWith('picture-')) {
        const picture = offerPicture(name.slice('picture-'.length));
        return svg(picture && offerPictureSvg(picture, width));
      }
      if (name.startsWith('upload-')) {
        const upload = await findUpload(db, name.slice('upload-'.length));
        return (
          upload && {
            kind: 'upload',
            contentType: upload.contentType,
            data: Buffer.from(upload.data, 'base64'),
          }
        );
      }
      if (name.startsWith('partner-')) {
        const logo = PARTNER_LOGOS[name.slice('partner-'.length)];
        return svg(logo && 'name' in logo ? brandLogoSvg(logo) : undefined);
      }
      const offer = await findOffer(db, name);
      const picture = offer && offerPicture(offerPictureKey(offer));
      return svg(picture && offerPictureSvg(picture, width));
    },
  };
}
