import ScanBarcode from 'lucide-react/icons/scan-barcode';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';

/** The browser's barcode reader (Shape Detection API), where there is one: Chromium on Android and macOS. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeReaderClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The card's barcode (the member card's image is Code 128). */
const CARD_FORMAT = 'code_128';
const FRAME_EVERY_MS = 200;

const readerClass = () => (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

/** What runs while the camera is on: its stream, and the wait before the next frame is read. */
interface Camera {
  stream?: MediaStream;
  timer?: ReturnType<typeof setTimeout>;
}

function switchOff(camera: Camera, video: HTMLVideoElement | null) {
  clearTimeout(camera.timer);
  camera.timer = undefined;
  for (const track of camera.stream?.getTracks() ?? []) track.stop();
  camera.stream = undefined;
  if (video) video.srcObject = null;
}

type Scan =
  | { state: 'idle' }
  | { state: 'starting' | 'scanning' }
  | { state: 'note'; tone: 'info' | 'error' | 'success'; message: string };

/**
 * "Scan with camera": frames of the camera (`getUserMedia`) in a `<video>`, read by the browser's BarcodeDetector
 * (or, without one, ZXing) until it finds the card's Code 128; the number then goes into the card field. A
 * browser without a camera is told so, and the field is there to type in.
 */
export function CardScanner({ onScan }: { onScan: (value: string) => void }) {
  const [scan, setScan] = useState<Scan>({ state: 'idle' });
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<Camera>({});
  const release = () => switchOff(camera.current, video.current);
  // The camera goes off when the page goes.
  useEffect(() => {
    const running = camera.current;
    return () => switchOff(running, null);
  }, []);

  const start = async () => {
    const Reader = readerClass();
    const formats = Reader ? await Reader.getSupportedFormats?.().catch(() => []) : [];
    const native = Reader && (!formats || formats.includes(CARD_FORMAT));
    // Without the browser's own reader, ZXing reads the frames (a chunk loaded only now).
    const fallback = native ? undefined : await import('./zxing-reader.ts').catch(() => undefined);
    if (!navigator.mediaDevices?.getUserMedia || (!native && !fallback)) {
      setScan({
        state: 'note',
        tone: 'info',
        message: "This browser can't open a camera here: type the number instead.",
      });
      return;
    }
    setScan({ state: 'starting' });
    try {
      camera.current.stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
    } catch (error) {
      const refused = error instanceof DOMException && error.name === 'NotAllowedError';
      setScan({
        state: 'note',
        tone: 'error',
        message: refused
          ? 'The camera was not allowed: allow it in the browser, or type the number instead.'
          : 'The camera could not start: type the number instead.',
      });
      return;
    }
    const element = video.current;
    if (!element) return release();
    element.srcObject = camera.current.stream ?? null;
    await element.play().catch(() => undefined);
    setScan({ state: 'scanning' });
    const reader: BarcodeReader =
      native && Reader
        ? new Reader({ formats: [CARD_FORMAT] })
        : (fallback?.createZxingReader() ?? { detect: async () => [] });
    const look = async () => {
      if (!camera.current.stream) return;
      const found =
        element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
          ? await reader.detect(element).catch(() => [])
          : [];
      const value = found.find((code) => code.rawValue)?.rawValue;
      if (value) {
        release();
        onScan(value);
        setScan({ state: 'note', tone: 'success', message: 'Card scanned.' });
        return;
      }
      if (camera.current.stream) camera.current.timer = setTimeout(() => void look(), FRAME_EVERY_MS);
    };
    void look();
  };

  const stop = () => {
    release();
    setScan({ state: 'idle' });
  };

  const live = scan.state === 'starting' || scan.state === 'scanning';
  return (
    <div className="till-scanner">
      {live ? (
        <Button variant="secondary" onClick={stop}>
          Stop camera
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => void start()}>
          <ScanBarcode aria-hidden="true" size={20} className="till-button-icon" />
          Scan with camera
        </Button>
      )}
      <video
        ref={video}
        className="till-scanner__video"
        hidden={scan.state !== 'scanning'}
        muted
        playsInline
        aria-label="Camera: hold the card's barcode in view"
      />
      {scan.state === 'note' ? (
        <Alert tone={scan.tone} className="till-scanner__note">
          <p>{scan.message}</p>
        </Alert>
      ) : null}
    </div>
  );
}
