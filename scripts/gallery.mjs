// `npm run gallery`: screenshots of every route of the route table (packages/contracts/src/routes.ts) at phone
// (390x844) and desktop (1366x900) width, signed in where the route needs it, with an index page, so the whole
// product's look can be reviewed in one place (docs/gallery.md). Starts the product itself, as `npm start`
// runs it, on a free port with an empty data folder of its own and the tester tools on.
//
//   npm run gallery                                    the built-in brand, into gallery/
//   npm run gallery -- --brand brands/harbour-rewards.json   another brand (ADR 028), into gallery/harbour-rewards/
//   npm run gallery -- --out /tmp/look --only account  another folder; only routes whose path has "account"
//
// WEB_DIST_DIR builds and serves the web app from another folder (as E2E_WEB_DIST does for the journeys), so a
// gallery can run beside another checkout's build. CHROME_PATH points at another Chromium.
import { spawn } from 'node:child_process';
import { findChromium, freePort } from './browser-tools.mjs';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildServerIfNeeded, serverArgs, serverEnv } from './server-build.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    brand: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log('npm run gallery [-- --brand <brand file>] [--out <folder>] [--only <text in the path>]');
  process.exit(0);
}
const brandFile = options.brand ? path.resolve(options.brand) : undefined;
if (brandFile && !existsSync(brandFile)) {
  console.error(`No brand file at ${brandFile}`);
  process.exit(1);
}
const outDir = path.resolve(
  options.out ??
    (brandFile ? path.join(root, 'gallery', path.basename(brandFile, '.json')) : path.join(root, 'gallery')),
);

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
];
/** The demo member (README "Demo account"), signed in with the tester tool for the session routes. */
const DEMO_CARD = '9826300012345678901';
/** Two pages at a time: the machine has two cores, and the server needs one of them too. */
const PARALLEL_PAGES = 2;

const chromePath = await findChromium();
if (!chromePath) {
  console.error('No Chromium found: install one (apt-get install -y chromium) or point CHROME_PATH at it.');
  process.exit(1);
}

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

// The route table, as the web app and the server read it (TypeScript, loaded through tsx).
const { ROUTES } = await import('../packages/contracts/src/routes.ts');

const webDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : undefined;
buildWebIfNeeded(webDist);
await buildServerIfNeeded();

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-gallery-'));
let serverLog = '';
const serverSettings = {
  ...process.env,
  ...serverEnv,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DEV_TOOLS: 'on',
  // No proof of work: pages with forms show them as a member sees them once the check has passed.
  BOT_CHECK: 'off',
  ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
};
// The built-in brand unless --brand names a file (a BRAND_FILE of the caller's shell is not used).
if (brandFile) serverSettings.BRAND_FILE = brandFile;
else delete serverSettings.BRAND_FILE;
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: serverSettings,
});
server.stdout.on('data', (chunk) => (serverLog += chunk));
server.stderr.on('data', (chunk) => (serverLog += chunk));
/** Stops the server and waits for it (at most 10 s), then removes its data folder. */
const stopServer = async () => {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  void stopServer().then(() => process.exit(130));
});

/** The server's address once /readyz answers (a first start migrates and loads the demo data). */
async function serverReady() {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${serverLog}`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`The server did not start in 180 s:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `/brands/:key/conversion` → a pattern for the addresses the route answers. */
const patternOf = (routePath) =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/?#]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  );

/** One line per route: its page, the address shown, and whether it needs the member's session. */
function galleryRoutes() {
  const routes = ROUTES.filter((route) => !route.catchAll).map((route) => ({
    page: route.page,
    title: route.title,
    path: route.path,
    session: route.access === 'session',
    // A route behind a switch is shown with the switch on (docs/product/switches-and-constants.md §S9:
    // ?switches= turns it on).
    query: route.switch ? `?switches=${route.switch}` : '',
    pattern: patternOf(route.path),
    hasParams: route.path.includes(':'),
  }));
  routes.push({
    page: 'not-found',
    title: "We can't find that page",
    path: '/no-such-page',
    session: false,
    query: '',
    pattern: /^\/no-such-page$/,
    hasParams: false,
  });
  const only = options.only;
  return only ? routes.filter((route) => route.path.includes(only) || route.page.includes(only)) : routes;
}

/** Addresses for routes with parameters that no page links to: made with the tester tools. */
async function madeExamples(request) {
  const examples = new Map();
  const post = (url, data) => request.post(url, { headers: { channel: 'JS-WEB' }, data });
  // A temporary card: its link comes by email (the outbox).
  const email = 'gallery.visitor@example.com';
  const asked = await post('/nectar-lite/access-email', {
    email,
    termsAccepted: true,
    privacyAccepted: true,
  });
  if (asked.ok()) {
    const outbox = await (await request.get('/dev/outbox')).json();
    const link = outbox.find((entry) => entry.to === email)?.links?.[0];
    if (link) examples.set('/temp-card/your-card/:token', new URL(link).pathname);
  }
  return examples;
}

/** Every same-origin link on the page, as path and query. */
const linksOn = (page) =>
  page.$$eval('a[href]', (anchors) =>
    anchors
      .map((anchor) => new URL(anchor.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname + url.search),
  );

/** Requests in flight per page, so a page counts as settled only once it stopped asking for things. */
function trackRequests(page) {
  const state = { inFlight: 0, lastChange: Date.now() };
  const change = (delta) => {
    state.inFlight = Math.max(0, state.inFlight + delta);
    state.lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return state;
}

/** Quiet time with no request in flight before a picture is taken. */
const QUIET_MS = 200;

/**
 * Waits until the page has settled: no request in flight for a moment, the server's drawing replaced by the app,
 * nothing loading (spinners, busy regions), every image and the typeface in. At most 10 s: then it is taken as is.
 */
async function settle(page, requests) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const quiet = requests.inFlight === 0 && Date.now() - requests.lastChange >= QUIET_MS;
    const ready =
      quiet &&
      (await page
        .evaluate(
          () =>
            Boolean(document.querySelector('main')) &&
            !document.querySelector('[data-prerendered], [aria-busy="true"], .spinner') &&
            [...document.images].every((image) => image.complete) &&
            document.fonts.status === 'loaded',
        )
        .catch(() => false));
    if (ready) break;
    await page.waitForTimeout(50);
  }
  // Two frames, so that what the last answer changed is painted.
  await page
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    .catch(() => undefined);
}

const fileName = (route, width) =>
  `${(route.path === '/' ? 'root' : route.path.slice(1))
    .replace(/[:*]/g, '')
    .replace(/[^a-zA-Z0-9-]+/g, '_')
    .replace(/^_|_$/g, '')}--${width}.png`;

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function indexPage(shots, brandName, elapsed) {
  const cards = shots
    .map((shot) => {
      const images = WIDTHS.map((width) => {
        const file = shot.files[width.name];
        return file
          ? `<figure><a href="${file}"><img src="${file}" loading="lazy" alt="${escapeHtml(shot.route.page)} at ${width.name} width"></a><figcaption>${width.name}</figcaption></figure>`
          : `<figure class="missing"><figcaption>${width.name}: ${escapeHtml(shot.errors[width.name] ?? 'not taken')}</figcaption></figure>`;
      }).join('');
      // Where a redirect took the page, without one-off query values (an identity interaction's uid).
      const ended = shot.finalPaths
        .filter((finalPath) => finalPath !== shot.shownPath)
        .map((finalPath) => finalPath.split('?')[0]);
      return `<section class="shot" id="${escapeHtml(shot.route.page)}-${escapeHtml(shot.shownPath)}">
<h2>${escapeHtml(shot.route.page)}</h2>
<p class="route"><code>${escapeHtml(shot.route.path)}</code>${shot.route.session ? ' <span class="tag">signed in</span>' : ''}${
        shot.shownPath !== shot.route.path ? ` shown at <code>${escapeHtml(shot.shownPath)}</code>` : ''
      }${shot.example === 'none' ? ' <span class="tag warn">no example found</span>' : ''}</p>
<p class="title">${escapeHtml(shot.documentTitle ?? shot.route.title)}${
        ended.length ? ` · ended at <code>${escapeHtml([...new Set(ended)].join(', '))}</code>` : ''
      }</p>
<div class="pair">${images}</div>
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page gallery: ${escapeHtml(brandName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#1d1d1b}
header{padding:1rem 1.5rem;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0;z-index:1}
h1{margin:0;font-size:1.25rem}header p{margin:.25rem 0 0;color:#555;font-size:.875rem}
input{font:inherit;padding:.35rem .6rem;margin-top:.5rem;width:min(24rem,100%)}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(30rem,1fr));gap:1rem;padding:1rem 1.5rem}
.shot{background:#fff;border-radius:10px;padding:.75rem 1rem;box-shadow:0 1px 3px rgb(0 0 0/10%)}
.shot h2{font-size:1rem;margin:0}.route,.title{margin:.2rem 0;font-size:.8rem;color:#444;overflow-wrap:anywhere}
.tag{background:#eef;border-radius:4px;padding:0 .3rem}.warn{background:#fde8c8}
.pair{display:grid;grid-template-columns:1fr 2.4fr;gap:.5rem;align-items:start;margin-top:.5rem}
figure{margin:0}figcaption{font-size:.75rem;color:#666}
img{width:100%;height:22rem;object-fit:cover;object-position:top;border:1px solid #ddd;border-radius:6px;background:#fff}
.missing{border:1px dashed #c66;border-radius:6px;padding:.5rem;color:#a00}
</style></head><body>
<header><h1>Page gallery: ${escapeHtml(brandName)}</h1>
<p>${shots.length} routes of the route table at phone (390×844) and desktop (1366×900) width, full page; session routes signed in as the demo member. Made ${escapeHtml(new Date().toISOString())} in ${elapsed} s. Click a picture for the full page.</p>
<input type="search" placeholder="Filter by page or path" aria-label="Filter by page or path" id="filter"></header>
<main>
${cards}
</main>
<script>
document.getElementById('filter').addEventListener('input', (event) => {
  const text = event.target.value.toLowerCase();
  for (const shot of document.querySelectorAll('.shot')) shot.hidden = !shot.textContent.toLowerCase().includes(text);
});
</script>
</body></html>
`;
}

let browser;
try {
  await serverReady();
  console.log(
    `Server ready at ${base} after ${seconds(started)} s${brandFile ? ` with ${path.relative(root, brandFile)}` : ''}`,
  );
  mkdirSync(outDir, { recursive: true });
  // A run replaces the pictures of the last one in this folder, and nothing else in it.
  for (const file of readdirSync(outDir))
    if (file.endsWith('.png') || file === 'index.html') rmSync(path.join(outDir, file));

  browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  /** A browser context per width and sign-in state: cookies and storage of their own. */
  const contexts = new Map();
  for (const width of WIDTHS) {
    for (const session of [false, true]) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: width.viewport,
        isMobile: width.isMobile,
        hasTouch: width.hasTouch,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });
      // A returning visitor who chose essential cookies: the banner does not cover every picture.
      await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'essential'));
      if (session) {
        const signedIn = await context.request.post('/dev/session', {
          headers: { channel: 'JS-WEB' },
          data: { cardNumber: DEMO_CARD },
        });
        if (signedIn.status() !== 204) throw new Error(`POST /dev/session answered ${signedIn.status()}`);
      }
      contexts.set(`${width.name}|${session}`, context);
    }
  }
  const examples = await madeExamples(contexts.get('desktop|true').request);
  /** Links seen on the pages so far: examples for the routes with parameters. */
  const seenLinks = new Set();

  const routes = galleryRoutes();
  // Routes without parameters first, so their links give examples for the others.
  const ordered = [
    ...routes.filter((route) => !route.hasParams),
    ...routes.filter((route) => route.hasParams),
  ];
  const shots = ordered.map((route) => ({
    route,
    files: {},
    errors: {},
    finalPaths: [],
    shownPath: route.path,
  }));

  /** An offer's preview pages (the operator's tool), for an offer some page linked to. */
  const previewRequest = contexts.get('desktop|true').request;
  let previews;
  const previewPaths = async () => {
    if (previews !== undefined) return previews;
    const offerLink = [...seenLinks].find((link) => /^\/offer-details\/[\w-]+\/[^/?#]+/.test(link));
    const offerId = offerLink?.split('?')[0].split('/')[3];
    const made = offerId
      ? await previewRequest.post('/dev/offer-preview', { headers: { channel: 'JS-WEB' }, data: { offerId } })
      : undefined;
    previews = made?.ok() ? (await made.json()).paths : null;
    return previews;
  };
  const PREVIEW_ROUTES = {
    '/offercard-preview/:jwtToken': 'offerCard',
    '/herocard-preview/:jwtToken': 'heroCard',
    '/offerdetails-preview/:jwtToken': 'offerDetails',
  };

  /** The address a route is shown at: its own, a link some page gave, or one made with the tester tools. */
  const exampleFor = async (shot) => {
    const { route } = shot;
    if (!route.hasParams) return `${route.path}${route.query}`;
    const preview = PREVIEW_ROUTES[route.path] && (await previewPaths())?.[PREVIEW_ROUTES[route.path]];
    const found =
      examples.get(route.path) ??
      preview ??
      [...seenLinks].find((link) => route.pattern.test(link.split('?')[0]));
    if (found) return `${found}${route.query && !found.includes('?') ? route.query : ''}`;
    shot.example = 'none';
    return `${route.path.replace(/:(\w+)/g, 'example-$1')}${route.query}`;
  };

  const jobs = shots.flatMap((shot) => WIDTHS.map((width) => ({ shot, width })));
  let done = 0;
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const { shot, width } = job;
      // Both widths show the same address.
      shot.target ??= exampleFor(shot);
      const target = await shot.target;
      shot.shownPath = target;
      const page = await contexts.get(`${width.name}|${shot.route.session}`).newPage();
      const requests = trackRequests(page);
      try {
        await page.goto(target, { waitUntil: 'load', timeout: 30_000 });
        await settle(page, requests);
        for (const link of await linksOn(page)) seenLinks.add(link);
        const file = fileName(shot.route, width.name);
        await page.screenshot({ path: path.join(outDir, file), fullPage: true });
        shot.files[width.name] = file;
        shot.documentTitle ??= await page.title();
        const url = new URL(page.url());
        shot.finalPaths.push(url.origin === base ? url.pathname + url.search : url.href);
      } catch (error) {
        shot.errors[width.name] = error instanceof Error ? error.message.split('\n')[0] : String(error);
      } finally {
        await page.close();
      }
      done += 1;
      if (done % 20 === 0) console.log(`  ${done} pictures (${seconds(started)} s)`);
    }
  };
  const shooting = Date.now();
  await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
  const brandName = await (
    await fetch(`${base}/welcome`, { headers: { accept: 'text/html' } })
  )
    .text()
    .then((html) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? 'the product');
  // The index lists the routes in the route table's order.
  const byTable = new Map(routes.map((route, index) => [route, index]));
  shots.sort((a, b) => byTable.get(a.route) - byTable.get(b.route));
  writeFileSync(path.join(outDir, 'index.html'), indexPage(shots, brandName, seconds(started)));
  const failed = shots.filter((shot) => Object.keys(shot.errors).length > 0);
  const withoutExample = shots.filter((shot) => shot.example === 'none');
  console.log(
    `${done - failed.length} pictures of ${shots.length} routes in ${seconds(shooting)} s (${seconds(started)} s in all): ${path.relative(process.cwd(), path.join(outDir, 'index.html')) || outDir}`,
  );
  if (withoutExample.length)
    console.log(`No example address found for: ${withoutExample.map((shot) => shot.route.path).join(', ')}`);
  for (const shot of failed) console.log(`Failed: ${shot.route.path}: ${JSON.stringify(shot.errors)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await stopServer();
}
