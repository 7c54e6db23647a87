import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export interface LighthouseFigures {
  url: string;
  /** 0 to 1, Lighthouse's mobile performance score. */
  score: number;
  lcpMs: number;
  /** Bytes of JavaScript transferred before the page settled. */
  scriptBytes: number;
}

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4x CPU slowdown) over each page, performance only, in
 * the machine's Chromium. `cookie` opens signed-in pages.
 */
export async function lighthouseFigures(urls: string[], cookie?: string): Promise<LighthouseFigures[]> {
  const chromePath = CHROME_CANDIDATES.find((candidate) => candidate && existsSync(candidate));
  if (!chromePath) throw new Error('no Chromium found: set CHROME_PATH');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      const scripts = (
        lhr.audits['resource-summary']?.details as {
          items?: Array<{ resourceType: string; transferSize: number }>;
        }
      )?.items?.find((item) => item.resourceType === 'script');
      figures.push({
        url,
        score: lhr.categories.performance?.score ?? 0,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        scriptBytes: scripts?.transferSize ?? 0,
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
