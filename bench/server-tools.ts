/** A port nothing listens on now, chosen by the system (the scripts' own). */
export { freePort } from '../scripts/browser-tools.mjs';

/** Asks `url` every 10 ms until it answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}
