// Runs the server-side build of src/prerender.tsx in a simulated browser (jsdom) and writes the drawings of
// the pre-rendered pages as JSON: `node prerender-run.mjs <ssr entry> <out file> <pages json>`. A process of
// its own, so that the browser globals do not leak into the Vite build (first-paint-plugin.ts).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';

const [entry, outFile, pagesJson] = process.argv.slice(2);
const pages = JSON.parse(pagesJson);
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
for (const name of [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Node',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  if (!(name in window)) continue;
  const value = name === 'window' ? window : window[name];
  Object.defineProperty(globalThis, name, {
    value:
      typeof value === 'function' && name !== 'HTMLElement' && name !== 'Node' ? value.bind(window) : value,
    configurable: true,
    writable: true,
  });
}
window.matchMedia ??= () => ({ matches: false, addEventListener() {}, removeEventListener() {} });

const { prerender } = await import(pathToFileURL(entry).href);
const drawings = [];
for (const page of pages) {
  const url = new URL(page.path, 'http://localhost/').href;
  dom.reconfigure({ url });
  const html = (await prerender(url))
    // Inline scripts (scroll restoration) would break the content security policy; the app runs its own.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    // So would style attributes in markup (style-src 'self'); the app sets its styles through the DOM.
    .replace(/ style="[^"]*"/g, '');
  if (!html.includes('<main')) throw new Error(`pre-render of ${page.path} has no main content`);
  drawings.push({ ...page, html });
}
writeFileSync(outFile, JSON.stringify(drawings));
// The simulated browser's timers (and the app's) would keep the process alive.
window.close();
process.exit(0);
