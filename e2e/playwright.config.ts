import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { serverArgs, serverEnv } from '../scripts/server-build.mjs';

// scripts/e2e.mjs picks both once; the fallbacks serve a direct `playwright test`.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'lc-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // scripts/e2e.mjs leaves the cluster journeys out where HAProxy, PostgreSQL or Redis is missing (never in
  // CI).
  testIgnore: process.env.E2E_WITHOUT_CLUSTER ? ['**/cluster.spec.ts'] : [],
  // Two workers, every test on its own: no journey changes what another reads. A journey that changes a
  // member makes a fresh one (freshMember in fixtures.ts); the demo member is only read (docs/testing.md).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // npm test's closing summary lists the slowest journey files from this JSON (scripts/test.mjs).
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  // Each run its own folder, so runs side by side (E2E_WEB_DIST) do not delete each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(tmpdir(), 'lc-e2e-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    // Traces keep the DOM after each action for a failing journey, without the screencast: recording it cost
    // a third of the journeys' CPU (ADR 050). A failure still gets its screenshot.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Design-review screenshots on every run: E2E_SCREENSHOTS=on (designScreenshot in fixtures.ts).
    screenshot: 'only-on-failure',
    // The offline card's service worker downloads about 225 KB for every signed-in browser; the journeys
    // about it (offline-card, passkeys: sign-in with the worker in charge) allow it, the others run without
    // it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Every journey runs at desktop width; those about the phone layout (the menu, sliding popups, what fits
    // on a phone's screen) carry @phone in their title and run on a phone as well. At the phone's size and
    // touch, drawn at one device pixel per CSS pixel: layout is the same, and the 2.6x density cost a quarter
    // of the phone runs' CPU (ADR 050). Design-review screenshots keep the real density.
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        ...(process.env.E2E_SCREENSHOTS === 'on' ? {} : { deviceScaleFactor: 1 }),
        channel: undefined,
      },
      grep: /@phone/,
    },
  ],
  webServer: {
    // The server as `npm start` runs it: the bundle scripts/e2e.mjs built (ADR 016).
    command: ['node', ...serverArgs].map((part) => JSON.stringify(part)).join(' '),
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${port}/readyz`,
    // A first start migrates and seeds an empty database: on a busy 2-core machine that took up to 50 s.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      ...serverEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The journeys use the tester tools (/dev/session, /dev/outbox).
      DEV_TOOLS: 'on',
      // The bot-check at little work, ten attempts (its real cost is measured by `npm run bench`, ADR 052):
      // the journeys still solve every challenge with the page's workers, without a second per form.
      BOT_CHECK_COST: '10',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
