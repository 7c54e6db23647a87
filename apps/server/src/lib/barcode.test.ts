// @databases none: pure rules and helpers; it opens no database.
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeCode128 } from '../test/decode-barcode.ts';
import { CARD_BARCODE_OPTIONS, renderCardBarcode } from './barcode.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

describe('card and voucher barcodes', () => {
  it('draws the same pixels as bwip-js, in a black-and-white PNG under 1.5 KB that scans back to the text', async () => {
    // Card numbers (digits: code128's set C) and voucher codes (letters and digits: set B), a few lengths.
    const texts = [
      '9826300012345678901',
      '9826300070000000000',
      'ABCDEFGHJK23',
      '2',
      'ZZ',
      ...Array.from({ length: 40 }, (_, i) =>
        Array.from({ length: 12 }, (_, j) => CODE_ALPHABET[(i * 7 + j * 13 + i * j) % 32]).join(''),
      ),
      ...Array.from(
        { length: 10 },
        (_, i) =>
          `98263000${String(i * 9_876_543_211)
            .padStart(11, '0')
            .slice(-11)}`,
      ),
    ];
    for (const text of texts) {
      const sent = Buffer.from(await renderCardBarcode(text), 'base64');
      const reference = PNG.sync.read(await bwipjs.toBuffer({ ...CARD_BARCODE_OPTIONS, text }));
      const image = PNG.sync.read(sent);
      expect([text, image.width, image.height]).toEqual([text, reference.width, reference.height]);
      expect(image.data.equals(reference.data), text).toBe(true);
      expect(sent.length).toBeLessThan(1_500);
      expect(decodeCode128(sent.toString('base64'))).toBe(text);
    }
  });
});
