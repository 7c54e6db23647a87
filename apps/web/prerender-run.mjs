// Runs the server-side build of src/prerender.tsx in a simulated browser (jsdom) and writes the drawings of
// the pre-rendered pages as JSON: `node prerender-run.mjs <ssr entry> <out file> <pages json>`. A process of
// its own, so that the browser globals do not leak into the Vite build (first-paint-plugin.ts).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { openSimulatedBrowser, pageReady } from './simulated-browser.mjs';

const [entry, outFile, pagesJson] = process.argv.slice(2);
const pages = JSON.parse(pagesJson);
const dom = openSimulatedBrowser();

const { prerender } = await import(pathToFileURL(entry).href);
const drawings = [];
for (const page of pages) {
  const url = new URL(page.path, 'http://localhost/').href;
  dom.reconfigure({ url });
  drawings.push({ ...page, html: pageReady(await prerender(url), page.path) });
}
writeFileSync(outFile, JSON.stringify(drawings));
// The simulated browser's timers (and the app's) would keep the process alive.
dom.window.close();
process.exit(0);
