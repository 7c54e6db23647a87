import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type CDPSession,
  type Locator,
  type Page,
} from '@playwright/test';
import { decodeCode128 } from '../apps/server/src/test/decode-barcode.ts';
import playwrightConfig from './playwright.config.ts';

/** Collects console errors and page errors so a journey can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

/**
 * The axe rules whose every finding is minor or moderate (a rule's impact is the impact of all its findings).
 * Their findings would be dropped below, so they are not run: a scan costs about a third less and finds the
 * same serious and critical problems. Read from the axe-core that AxeBuilder injects, once per worker.
 */
const lesserRules = (() => {
  const axeRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  const context = vm.createContext({ setTimeout, clearTimeout, getComputedStyle: () => ({}) });
  vm.runInContext(readFileSync(axeRequire.resolve('axe-core/axe.min.js'), 'utf8'), context);
  const { rules } = (context as { axe: { _audit: { rules: Array<{ id: string; impact?: string }> } } }).axe
    ._audit;
  return rules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate').map((rule) => rule.id);
})();

/**
 * Serious and critical axe violations only; the rule ids and targets make a failure readable. Scan each page
 * and each state of it (a dialog open, an error shown) in one journey only: the public pages as a visitor first
 * sees them in public-pages.spec.ts, the account pages in the account hub journey (account.spec.ts).
 */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    // One axe.run in the page itself: the default runs each frame apart and joins the parts in a new blank page
    // (a page opened and axe injected twice per scan); the product's pages have no frames from other origins.
    .setLegacyMode()
    .disableRules(lesserRules)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

export { expect };

/** Answers the consent banner the way a privacy-minded visitor would, so it does not cover the page. */
export async function chooseEssentialCookiesOnly(page: Page) {
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
}

export interface FreshMember {
  cardNumber: string;
  email: string;
  password: string;
}

/**
 * A member of the journey's own (the tester tool POST /dev/account-member, docs/features.md "Account management"), so a
 * journey that changes a member never changes the demo member that journeys on the other worker read. It is
 * signed in on the browser context `request` belongs to: `page.request` signs the page in, the `request`
 * fixture leaves the page signed out. `points` gives it a starting balance; `offers: 'demo'` the demo
 * member's offers (a few saved, pinned, hidden or opted into); `history: 'year'` twelve months of dated
 * entries (weekly shops, monthly fuel, brand partners, two spends, a conversion to Avios) besides.
 */
export async function freshMember(
  request: APIRequestContext,
  options: { points?: number; offers?: 'demo'; history?: 'year' } = {},
): Promise<FreshMember> {
  const response = await request.post('/dev/account-member', {
    headers: { channel: 'JS-WEB' },
    data: options,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as FreshMember;
}

/**
 * Screenshots for a design review, off by default: `E2E_SCREENSHOTS=on npm run test:e2e` writes them to
 * E2E_SCREENSHOTS_DIR (or <tmp>/e2e-screenshots) as <project>-<name>.png. A failing journey gets its
 * screenshot without it (`screenshot: 'only-on-failure'` in playwright.config.ts).
 */
export async function designScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS !== 'on') return;
  const folder = process.env.E2E_SCREENSHOTS_DIR ?? path.join(tmpdir(), 'e2e-screenshots');
  await page.screenshot({ path: path.join(folder, `${test.info().project.name}-${name}.png`), fullPage });
}

/** The demo member's card number (README "Demo account"). */
export const DEMO_CARD = '9826300012345678901';

/** Signs this browser in as the holder of `cardNumber` with the tester tool (POST /dev/session), no pages. */
export async function startSession(page: Page, cardNumber: string = DEMO_CARD) {
  const started = await page.request.post('/dev/session', {
    headers: { channel: 'JS-WEB' },
    data: { cardNumber },
  });
  expect(started.status()).toBe(204);
}

/**
 * The password step as a person takes it, from the card-number page: the card number as typed (`cardNumber`),
 * Continue, then the password and Log in. What follows (a code, the homepage) is the journey's to check.
 */
export async function logInWithPassword(page: Page, cardNumber: string, password: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * The settings the journeys' server runs with (the tester tools, the light bot-check), for an instance a journey
 * starts itself: without the journeys' server's port, data folder and host.
 */
export function journeyServerSettings(): Record<string, string> {
  const server = Array.isArray(playwrightConfig.webServer)
    ? playwrightConfig.webServer[0]
    : playwrightConfig.webServer;
  const { PORT: _port, DATA_DIR: _dataDir, HOST: _host, ...settings } = server?.env ?? {};
  return settings;
}

/** The card's barcode on the page, read back as a till's scanner would (ZXing), so a wrong image fails. */
export async function barcodeNumber(page: Page) {
  const barcode = page.getByRole('img', { name: /^Barcode for card number/ });
  const src = (await barcode.getAttribute('src')) ?? '';
  return decodeCode128(src.replace('data:image/png;base64,', ''));
}

/**
 * Waits until the element's CSS animations have ended (a popup rises or slides in as it opens), so that what is
 * measured next is where it comes to rest, as a person sees it.
 */
export const atRest = (element: Locator) =>
  element.evaluate((node) => Promise.all(node.getAnimations().map((animation) => animation.finished)));

/**
 * The page's layout shifts so far, summed (CLS's raw material), read 300 ms after asking, with what moved in
 * each (tag, id and classes, and by how far), so that a failing journey says which element shifted.
 */
export const layoutShiftSoFar = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node instanceof Element ? source.node : source.node?.parentElement;
              const name = node
                ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${[...node.classList].map((c) => `.${c}`).join('')}`
                : '(removed)';
              moved.push(
                `${name} ${source.previousRect.y}->${source.currentRect.y} (${entry.value.toFixed(3)})`,
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );

/**
 * Chromium's DevTools virtual authenticator for `page`'s browser: a platform authenticator (a phone's or a
 * laptop's) that holds discoverable credentials and verifies the user at once, as a fingerprint would (the
 * members' passkeys and the staff console's).
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

export const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
