import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import { BrowserMultiFormatReader } from '@zxing/browser';

/**
 * The card scanner's reader where the browser has no BarcodeDetector (Firefox, Safari, Chromium on Linux and
 * Windows): ZXing (`@zxing/browser`, MIT, on `@zxing/library`, Apache-2.0) reads a frame of the video drawn on a canvas, Code 128 only.
 * Loaded only then, in a chunk of its own.
 */
export function createZxingReader() {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  const canvas = document.createElement('canvas');
  return {
    async detect(video: HTMLVideoElement): Promise<Array<{ rawValue: string }>> {
      if (!video.videoWidth || !video.videoHeight) return [];
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
      try {
        return [{ rawValue: reader.decodeFromCanvas(canvas).getText() }];
      } catch {
        // Nothing readable in this frame: the scanner tries the next one.
        return [];
      }
    },
  };
}
