// `npm run test:e2e`: build the web app, the staff console and the server bundle, find a Chromium, run the
// Playwright journeys against them: the product as `npm start` runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, freePort } from './browser-tools.mjs';
import { LOCAL_POSTGRES, LOCAL_REDIS, clusterProblems } from './cluster-lib.mjs';
import { buildServerIfNeeded } from './server-build.mjs';
import { buildConsoleIfNeeded, buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const browser = await findChromium({ headlessShell: true });
if (!browser) {
  console.error(`No Chromium found for the end-to-end journeys. Install one and run again:
  - Debian/Ubuntu: apt-get install -y chromium-headless-shell   (found at /usr/bin/chromium-headless-shell)
  - or point CHROME_PATH at any Chromium or Chrome binary
  - or: npx playwright install chromium`);
  process.exit(1);
}

// The cluster journeys (e2e/cluster.spec.ts) need HAProxy, PostgreSQL and Redis. CI provides all three (.ci/run
// installs HAProxy; PostgreSQL and Redis run on its machine): there a missing one fails the run. Elsewhere the
// journeys are left out of the run, and this says why.
const clusterMissing = (
  await clusterProblems({
    adminUrl: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES,
    redisUrl: process.env.REDIS_URL ?? LOCAL_REDIS,
  })
).join('; ');
if (clusterMissing && process.env.CI) {
  console.error(`The cluster journeys need: ${clusterMissing}`);
  process.exit(1);
}
if (clusterMissing) console.log(`The cluster journeys are left out of this run: ${clusterMissing}`);

// E2E_WEB_DIST lets several checkouts' journeys run side by side without sharing one build folder.
const webDist = process.env.E2E_WEB_DIST;
buildWebIfNeeded(webDist);
buildConsoleIfNeeded();
await buildServerIfNeeded();
// Chosen once here: the Playwright config is evaluated again in every worker process.
const E2E_PORT = String(process.env.E2E_PORT ?? (await freePort()));
const E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'lc-e2e-'));
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROME_PATH: browser,
      E2E_PORT,
      E2E_DATA_DIR,
      E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'lc-e2e-results-')),
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
      ...(clusterMissing ? { E2E_WITHOUT_CLUSTER: '1' } : {}),
    },
  },
);
process.exit(result.status ?? 1);
