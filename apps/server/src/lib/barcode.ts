import { crc32, deflateSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

/**
 * The card number as a scannable code128 barcode (bwip-js, docs/architecture.md "The parts"). Drawn on the
 * server so the browser does not download the barcode library; the same options as a till-sized card image: 3
 * pixels per module, bars 25 mm high at that scale, quiet zones on both sides.
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

type Geometry = { height: number; inkTop: number; inkRows: number; side: number };

/**
 * Where the bars stand in bwip-js's picture with these options: its height, the rows the bars fill and the
 * quiet zone on each side. Measured once from a picture bwip-js draws, so the pictures drawn here are its
 * pixels.
 */
let geometry: Promise<Geometry> | undefined;
const measure = async () => {
  const text = 'A';
  const png = PNG.sync.read(await bwipjs.toBuffer({ ...CARD_BARCODE_OPTIONS, text }));
  const inked = (y: number) =>
    png.data.subarray(y * png.width * 4, (y + 1) * png.width * 4).some((v) => v !== 255);
  let inkTop = 0;
  while (inkTop < png.height && !inked(inkTop)) inkTop++;
  let inkEnd = png.height;
  while (inkEnd > inkTop && !inked(inkEnd - 1)) inkEnd--;
  const side =
    (png.width - modules(text).reduce((sum, width) => sum + width, 0) * CARD_BARCODE_OPTIONS.scale) / 2;
  return { height: png.height, inkTop, inkRows: inkEnd - inkTop, side };
};

/** The code's bar and space widths in modules, bar first (bwip-js's encoder, without its drawing). */
function modules(text: string): number[] {
  const [symbol] = bwipjs.raw({ ...CARD_BARCODE_OPTIONS, text });
  if (!symbol || !('sbs' in symbol)) throw new Error('code128 has no bar widths');
  return symbol.sbs;
}

/**
 * The barcode as a black-and-white PNG (1 bit a pixel), written here: every row of bars is the same, so the
 * rows after the first are "same as above" (filter 2, all zeros) and the file is under 1 KB. bwip-js's own
 * picture was drawn in colour and then packed again by pngjs trying every filter on every row at deflate
 * level 9: about 13 ms of CPU for each code never seen before, a new voucher's on every redemption (20 ms of
 * CPU a redemption); this takes well under a millisecond.
 */
function drawPng(bars: number[], { height, inkTop, inkRows, side }: Geometry): Buffer {
  const scale = CARD_BARCODE_OPTIONS.scale;
  const width = side * 2 + bars.reduce((sum, bar) => sum + bar, 0) * scale;
  const stride = Math.ceil(width / 8);
  // 1 is white, 0 black; the bits past the last pixel of a row are left white.
  const white = Buffer.alloc(stride, 0xff);
  const ink = Buffer.alloc(stride, 0xff);
  let x = side;
  bars.forEach((bar, index) => {
    if (index % 2 === 0) {
      for (let pixel = x; pixel < x + bar * scale; pixel++) {
        ink[pixel >> 3] = (ink[pixel >> 3] ?? 0) & ~(0x80 >> (pixel & 7));
      }
    }
    x += bar * scale;
  });
  const isInk = (y: number) => y >= inkTop && y < inkTop + inkRows;
  // One filter byte and the row: row 0 as it is, every other row as its difference from the row above.
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = isInk(y) ? ink : white;
    const offset = y * (stride + 1);
    if (y === 0) {
      row.copy(raw, offset + 1);
      continue;
    }
    raw[offset] = 2;
    const above = isInk(y - 1) ? ink : white;
    if (row === above) continue;
    for (let i = 0; i < stride; i++) raw[offset + 1 + i] = ((row[i] ?? 0) - (above[i] ?? 0)) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, adaptive filters, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * Barcodes drawn lately (under 1 KB each): a member opening their card again, or many at the till, costs
 * nothing (ADR 016).
 */
const drawn = new LRUCache<string, string>({ max: 2_000 });

/**
 * A code128 barcode of `text` as a base64 PNG (docs/product/signed-in-pages.md §S3: the customer loyalty
 * barcode).
 */
export async function renderCardBarcode(text: string): Promise<string> {
  const cached = drawn.get(text);
  if (cached) return cached;
  geometry ??= measure().catch((error: unknown) => {
    geometry = undefined;
    throw error;
  });
  const png = drawPng(modules(text), await geometry).toString('base64');
  drawn.set(text, png);
  return png;
}
