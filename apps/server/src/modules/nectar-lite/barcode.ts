import { LRUCache } from 'lru-cache';
import bwipjs from 'bwip-js/node';

/**
 * The card number as a scannable code128 barcode (DESIGN.md 2: bwip-js). Drawn on the server so the browser
 * does not download the barcode library; the same options as a till-sized card image: 3 pixels per module,
 * bars 25 mm high at that scale, quiet zones on both sides.
 */
export const CARD_BARCODE_OPTIONS = {
  bcid: 'code128',
  scale: 3,
  height: 25,
  includetext: false,
  paddingwidth: 10,
  paddingheight: 2,
  backgroundcolor: 'FFFFFF',
} as const;

/**
 * A barcode depends on the card number alone and drawing one costs about 15 ms of CPU, so recent ones are
 * kept (about 10 KB each): a member opening their card again, or many at the till, costs nothing (ADR 016).
 */
const drawn = new LRUCache<string, string>({ max: 2_000 });

export async function renderCardBarcode(cardNumber: string): Promise<string> {
  const cached = drawn.get(cardNumber);
  if (cached) return cached;
  const png = (await bwipjs.toBuffer({ ...CARD_BARCODE_OPTIONS, text: cardNumber })).toString('base64');
  drawn.set(cardNumber, png);
  return png;
}
