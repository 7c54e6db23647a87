import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { MAX_OFFER_UPLOAD_BYTES, offerMessages, type OFFER_UPLOAD_TYPES } from '@app/contracts/staff-offers';
import { AppError } from '../../lib/app-error.ts';

/** The media type of each picture format image-size reads that an offer may show. */
const MEDIA_TYPES: Readonly<Record<string, (typeof OFFER_UPLOAD_TYPES)[number]>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** Larger sides than any offer's picture is drawn at are a mistake, or a decompression bomb. */
const MAX_SIDE = 4096;

/**
 * A picture a marketer uploaded, checked by its content and never by its name or declared type: a PNG, JPEG
 * or WebP (its header read by image-size) of at most MAX_OFFER_UPLOAD_BYTES with sensible sides, or 415.
 */
export function checkOfferPicture(content: Buffer) {
  const refused = () => new AppError(415, 'UPLOAD_REFUSED', offerMessages.uploadRefused);
  if (content.length === 0 || content.length > MAX_OFFER_UPLOAD_BYTES) throw refused();
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(content);
  } catch {
    throw refused();
  }
  const contentType = size.type ? MEDIA_TYPES[size.type] : undefined;
  const sane = (side: number) => Number.isInteger(side) && side > 0 && side <= MAX_SIDE;
  if (!contentType || !sane(size.width) || !sane(size.height)) throw refused();
  return {
    contentType,
    width: size.width,
    height: size.height,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}
