import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROME_CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export interface LighthouseFigures {
  url: string;
  /** 0 to 1, Lighthouse's mobile performance score. */
  score: number;
  lcpMs: number;
  /** Cumulative layout shift over the load (Lighthouse's `cumulative-layout-shift`), unitless. */
  cls: number;
  /** Total blocking time in ms (main-thread tasks past 50 ms between FCP and interactive). */
  tbtMs: number;
  /** Bytes of JavaScript transferred before the page settled. */
  scriptBytes: number;
}

/**
 * Puts a cookie (`name=value`) into the browser's own jar over the DevTools protocol, as a sign-in would
 * have.
 * Lighthouse's `extraHeaders` would send it with the page only: Chromium leaves it off the app's fetch calls,
 * so a signed-in page measured that way was answered 401 and sent to sign-in.
 */
export async function setCookie(port: number, url: string, cookie: string) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const [name = '', ...value] = cookie.split('=');
  const answered = new Promise<{ error?: { message: string } }>((resolve) => {
    socket.onmessage = (event) => resolve(JSON.parse(String(event.data)) as { error?: { message: string } });
  });
  socket.send(
    JSON.stringify({
      id: 1,
      method: 'Storage.setCookies',
      params: { cookies: [{ name, value: value.join('='), url, httpOnly: true, sameSite: 'Lax' }] },
    }),
  );
  const answer = await answered;
  socket.close();
  if (answer.error) throw new Error(`could not set the session cookie: ${answer.error.message}`);
}

/** The signed-in pages of the budget of docs/performance.md, measured as the demo member. */
export const SIGNED_IN_PAGES = ['/homepage', '/card/activity', '/offers/sainsburys', '/account', '/brands'];

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4x CPU slowdown) over each page, performance only, in
 * the machine's Chromium. `cookie` (`name=value`) opens signed-in pages.
 */
export async function lighthouseFigures(
  urls: string[],
  cookie?: string,
  formFactor: 'mobile' | 'desktop' = 'mobile',
): Promise<LighthouseFigures[]> {
  // Signed in, the homepage stands for every signed-in page of the budget: each is measured.
  if (cookie && formFactor === 'mobile')
    urls = urls.flatMap((url) =>
      url.endsWith('/homepage') ? SIGNED_IN_PAGES.map((page) => new URL(page, url).href) : [url],
    );
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
    const measure = async (url: string) => {
      if (cookie) await setCookie(chrome.port, url, cookie);
      return lighthouse(
        url,
        { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
        // Desktop: Lighthouse's own desktop preset (no CPU slowdown, a fast connection, a wide screen).
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
    };
    for (const url of urls) {
      let result = await measure(url);
      // A run Lighthouse could not finish (NO_LCP, a page that did not settle) is run once more, and said.
      if (result?.lhr.runtimeError) {
        console.log(`  (Lighthouse: ${result.lhr.runtimeError.code} for ${url}; measured again)`);
        result = await measure(url);
      }
      if (cookie && new URL(result?.lhr.finalDisplayedUrl ?? url).pathname !== new URL(url).pathname)
        throw new Error(`${url} ended at ${result?.lhr.finalDisplayedUrl}: the session was not taken`);
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      // LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report, to see what the figures are made of.
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
      }
      const scripts = (
        lhr.audits['resource-summary']?.details as {
          items?: Array<{ resourceType: string; transferSize: number }>;
        }
      )?.items?.find((item) => item.resourceType === 'script');
      if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code}`);
      figures.push({
        url,
        score: lhr.categories.performance?.score ?? 0,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        scriptBytes: scripts?.transferSize ?? 0,
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
