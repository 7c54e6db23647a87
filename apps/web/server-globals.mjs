// What the app's code finds of a browser when it draws a page on the server (ADR 045): storage that starts empty
// for every page (no visitor's device is known there) and the page's brand block, read once as the app's code
// loads (packages/contracts/src/brand.ts). Nothing else: a component that reads the browser in its first render
// reads it after hydration (apps/web use-device-value.ts), and one that still does fails its drawing, and the
// page goes without one.

/** Web Storage kept in memory, emptied before each page is drawn (`forgetStorage`). */
class MemoryStorage {
  #items = new Map();
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#items.has(String(key)) ? this.#items.get(String(key)) : null;
  }
  setItem(key, value) {
    this.#items.set(String(key), String(value));
  }
  removeItem(key) {
    this.#items.delete(String(key));
  }
  clear() {
    this.#items.clear();
  }
}

const storages = { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() };

/**
 * Sets the globals on this thread or process, which draws pages and does nothing else, and loads the app's
 * server-side build (`entry`, a file URL). `brandJson`: the brand the server chose, as the JSON its pages carry
 * (the built-in brand without): read by the app's code as it loads, from a stand-in for the page's brand block
 * that is there only while it loads (code that finds a `document` takes it for a browser's).
 */
export async function loadApp(entry, { brandJson } = {}) {
  for (const [name, storage] of Object.entries(storages)) {
    Object.defineProperty(globalThis, name, { value: storage, configurable: true, writable: true });
  }
  if (!brandJson) return import(entry);
  Object.defineProperty(globalThis, 'document', {
    value: { getElementById: (id) => (id === 'brand' ? { textContent: brandJson } : null) },
    configurable: true,
    writable: true,
  });
  try {
    return await import(entry);
  } finally {
    delete globalThis.document;
  }
}

/** Empties the storage, so that nothing of one page's drawing is left for the next. */
export function forgetStorage() {
  for (const storage of Object.values(storages)) storage.clear();
}

/** A drawing as the page can carry it, or an error when it has no main content. */
export function pageReady(html, url) {
  const ready = html
    // Inline scripts would break the content security policy; the app runs its own.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    // So would style attributes in markup (style-src 'self'); the app sets its styles through the DOM.
    .replace(/ style="[^"]*"/g, '');
  if (!ready.includes('<main')) throw new Error(`the drawing of ${url} has no main content`);
  return ready;
}
