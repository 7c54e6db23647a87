// The server's drawing thread (ADR 022): draws a member's session page with the app's own components, from
// the answers the server put into the page, in a simulated browser whose globals stay in this thread. Copied
// next to the server-side build of src/prerender.tsx by the web build (first-paint-plugin.ts); the server
// starts it with `workerData.entry`, that build's file. One page at a time, in the order asked.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { openSimulatedBrowser, pageReady } from './simulated-browser.mjs';

const dom = openSimulatedBrowser();
const { drawSessionPage } = await import(pathToFileURL(workerData.entry).href);

let queue = Promise.resolve();
parentPort.on('message', ({ id, page }) => {
  queue = queue.then(async () => {
    try {
      dom.reconfigure({ url: page.url });
      const drawing = await drawSessionPage({ ...page, answers: JSON.parse(page.answers) });
      parentPort.postMessage({ id, html: pageReady(drawing, page.url) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
parentPort.postMessage({ ready: true });
