// The server's drawing thread (ADR 022, 045): draws a member's session page with the app's own components and
// React's server renderer, from the answers the server put into the page. Copied next to the server-side build
// of src/prerender.tsx by the web build (first-paint-plugin.ts); the server starts it with `workerData.entry`,
// that build's file. One page at a time, in the order asked, off the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { forgetStorage, loadApp, pageReady } from './server-globals.mjs';

// The chosen brand, as the server's pages carry it, read by the app's code as it loads (ADR 028).
const { drawSessionPage, prerender, warmUp } = await loadApp(pathToFileURL(workerData.entry).href, {
  brandJson: workerData.brandJson,
});

let queue = Promise.resolve();
parentPort.on('message', ({ id, page, publicPage }) => {
  queue = queue.then(async () => {
    forgetStorage();
    try {
      if (publicPage) {
        // A public page in a brand other than the build's: drawn as the build draws it.
        const drawing = await prerender(publicPage);
        parentPort.postMessage({ id, html: pageReady(drawing, new URL(publicPage).pathname) });
        return;
      }
      const drawing = await drawSessionPage({ ...page, answers: JSON.parse(page.answers) });
      parentPort.postMessage({ id, html: pageReady(drawing, page.url) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
// Pages drawn per member are loaded, and the renderer run once, before the thread says it is ready (ADR 040).
try {
  await warmUp?.('http://localhost/welcome');
} catch {
  // A page that cannot be drawn is reported when it is asked for.
}
parentPort.postMessage({ ready: true });
