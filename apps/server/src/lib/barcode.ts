import { LRUCache } from 'lru-cache';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

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
 * bwip-js writes full-colour pixels without row filters (about 10 KB for a card); the same pixels as greyscale
 * with the best filter per row are under 1 KB, since every row of a barcode repeats the one above it: the
 * phone at the till gets its barcode in one small packet (issue 15).
 */
const asSmallPng = (png: Buffer) =>
  PNG.sync.write(PNG.sync.read(png), { colorType: 0, inputColorType: 6, filterType: -1, deflateLevel: 9 });

/**
 * A barcode depends on the card number alone and drawing one costs about 15 ms of CPU, so recent ones are
 * kept (under 1 KB each): a member opening their card again, or many at the till, costs nothing (ADR 016).
 */
const drawn = new LRUCache<string, string>({ max: 2_000 });

/** A code128 barcode of `text` as a base64 PNG (signed-in spec 8: the customer loyalty barcode). */
export async function renderCardBarcode(text: string): Promise<string> {
  const cached = drawn.get(text);
  if (cached) return cached;
  const png = asSmallPng(await bwipjs.toBuffer({ ...CARD_BARCODE_OPTIONS, text })).toString('base64');
  drawn.set(text, png);
  return png;
}
