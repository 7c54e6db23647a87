// Runs the server-side build of src/prerender.tsx and writes the drawings of the pre-rendered pages as JSON:
// `node prerender-run.mjs <ssr entry> <out file> <pages json>`. A process of its own, so that the globals it sets
// (server-globals.mjs) do not leak into the Vite build (first-paint-plugin.ts).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { forgetStorage, loadApp, pageReady } from './server-globals.mjs';

const [entry, outFile, pagesJson] = process.argv.slice(2);
const pages = JSON.parse(pagesJson);

const { prerender } = await loadApp(pathToFileURL(entry).href);
const drawings = [];
for (const page of pages) {
  forgetStorage();
  const url = new URL(page.path, 'http://localhost/').href;
  drawings.push({ ...page, html: pageReady(await prerender(url), page.path) });
}
writeFileSync(outFile, JSON.stringify(drawings));
// The app's timers would keep the process alive.
process.exit(0);
