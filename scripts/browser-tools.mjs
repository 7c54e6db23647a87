// What the scripts that drive a browser share (scripts/e2e.mjs, scripts/gallery.mjs): finding Chromium and a
// free port on the loopback.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** CHROME_PATH, then Debian's and other usual places, then Playwright's own install; undefined if none. */
export async function findChromium({ headlessShell = false } = {}) {
  const candidates = [
    process.env.CHROME_PATH,
    // The old headless shell (Debian's chromium-headless-shell): no browser UI process behind each page, so the
    // journeys run in about half the CPU of the full browser's headless mode (ADR 050).
    ...(headlessShell ? ['/usr/bin/chromium-headless-shell'] : []),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const { chromium } = await import('@playwright/test');
  const bundled = chromium.executablePath();
  return existsSync(bundled) ? bundled : undefined;
}

/** A port nothing listens on now, chosen by the system. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
