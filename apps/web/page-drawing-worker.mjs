// The server's drawing thread (ADR 022): draws a member's session page with the app's own components, from
// the answers the server put into the page, in a simulated browser whose globals stay in this thread. Copied
// next to the server-side build of src/prerender.tsx by the web build (first-paint-plugin.ts); the server
// starts it with `workerData.entry`, that build's file. One page at a time, in the order asked.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { openSimulatedBrowser, pageReady } from './simulated-browser.mjs';

// The page carries the chosen brand as the server's pages do, so the app's code reads it as it loads (ADR 028).
const dom = openSimulatedBrowser({ brandJson: workerData.brandJson });
const { drawSessionPage, prerender, warmUp } = await import(pathToFileURL(workerData.entry).href);

let queue = Promise.resolve();
parentPort.on('message', ({ id, page, publicPage }) => {
  queue = queue.then(async () => {
    try {
      if (publicPage) {
        // A public page in a brand other than the build's: drawn as the build draws it.
        dom.reconfigure({ url: publicPage });
        const drawing = await prerender(publicPage);
        parentPort.postMessage({ id, html: pageReady(drawing, new URL(publicPage).pathname) });
        return;
      }
      dom.reconfigure({ url: page.url });
      const drawing = await drawSessionPage({ ...page, answers: JSON.parse(page.answers) });
      parentPort.postMessage({ id, html: pageReady(drawing, page.url) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
// Pages drawn per member are loaded, and the renderer run once, before the thread says it is ready (ADR 040).
try {
  const warmUpUrl = 'http://localhost/welcome';
  dom.reconfigure({ url: warmUpUrl });
  await warmUp?.(warmUpUrl);
} catch {
  // A page that cannot be drawn is reported when it is asked for.
}
parentPort.postMessage({ ready: true });
