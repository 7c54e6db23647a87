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

export async function renderCardBarcode(cardNumber: string): Promise<string> {
  const png = await bwipjs.toBuffer({ ...CARD_BARCODE_OPTIONS, text: cardNumber });
  return png.toString('base64');
}
