// A simulated browser (jsdom) for drawing the app's pages outside a browser: at build time for the public pages
// (prerender-run.mjs) and in the server's drawing thread for session pages (page-drawing-worker.mjs, ADR 022).
// Its globals are set on the process or thread that opens it, so it runs only where nothing else does.
import { JSDOM } from 'jsdom';

const GLOBALS = [
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
];

/** `<` escaped, so that the JSON cannot end its script element early. */
const brandBlock = (brandJson) =>
  brandJson
    ? `<script type="application/json" id="brand">${brandJson.replace(/</g, '\\u003c')}</script>`
    : '';

/**
 * Opens the simulated browser and makes its window the global one. `brandJson`: the brand the server chose, in
 * the page as the server puts it into its own (packages/contracts/src/brand.ts reads it); the built-in without.
 */
export function openSimulatedBrowser({ brandJson } = {}) {
  const html = `<!doctype html><html><head>${brandBlock(brandJson)}</head><body><div id="root"></div></body></html>`;
  const dom = new JSDOM(html, {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  const { window } = dom;
  for (const name of GLOBALS) {
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
  return dom;
}

/** A drawing as the page can carry it, or an error when it has no main content. */
export function pageReady(html, url) {
  const ready = html
    // Inline scripts (scroll restoration) would break the content security policy; the app runs its own.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    // So would style attributes in markup (style-src 'self'); the app sets its styles through the DOM.
    .replace(/ style="[^"]*"/g, '');
  if (!ready.includes('<main')) throw new Error(`the drawing of ${url} has no main content`);
  return ready;
}
