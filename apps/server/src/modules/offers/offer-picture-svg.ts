import { FLUENT_EMOJI } from '../../lib/artwork/fluent-emoji.generated.ts';
import type { OfferPicture } from './offer-pictures.ts';

/** The picture's drawing box: 16:9, like the offer images of docs/product/switches-and-constants.md §S9. */
const BOX = { width: 320, height: 180 };

/**
 * An offer's picture as an SVG at one of the responsive widths: the illustration on a soft panel in its
 * category's tint, with a light halo and two quiet shapes behind it. It holds no text: the card sets the title
 * beside it, so nothing of the title is ever covered or cut. The illustration stays inside
 * the middle square, so a card that crops the picture to a square (the phone's list) keeps all of it.
 */
export function offerPictureSvg(picture: OfferPicture, width: number): string {
  const height = Math.round((width * BOX.height) / BOX.width);
  const art = FLUENT_EMOJI[picture.illustration];
  const size = 96;
  const x = (BOX.width - size) / 2;
  const y = (BOX.height - size) / 2 - 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${BOX.width} ${BOX.height}" preserveAspectRatio="xMidYMid slice"><rect width="${BOX.width}" height="${BOX.height}" fill="${picture.tint}"/><circle cx="268" cy="22" r="62" fill="${picture.shade}" opacity="0.6"/><circle cx="36" cy="168" r="46" fill="${picture.shade}" opacity="0.45"/><circle cx="160" cy="86" r="70" fill="#ffffff" opacity="0.62"/><ellipse cx="160" cy="${y + size + 4}" rx="34" ry="5" fill="#3d2a33" opacity="0.09"/><svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 ${art.width} ${art.height}">${art.body}</svg></svg>`;
}
