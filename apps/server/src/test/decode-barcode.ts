// The package's CommonJS build, whose names Node's ESM loader cannot list: taken from its default export.
import zxing from '@zxing/library';
import { PNG } from 'pngjs';

const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} = zxing;

/**
 * Reads a code128 barcode out of a base64 PNG the way a till scanner would (ZXing), so a test proves the
 * image scans to the number rather than comparing bytes.
 */
export function decodeCode128(base64Png: string): string {
  const png = PNG.sync.read(Buffer.from(base64Png, 'base64'));
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i += 1) {
    const r = png.data[i * 4] ?? 255;
    const g = png.data[i * 4 + 1] ?? 255;
    const b = png.data[i * 4 + 2] ?? 255;
    luminance[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const source = new RGBLuminanceSource(luminance, png.width, png.height);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<zxing.DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}
