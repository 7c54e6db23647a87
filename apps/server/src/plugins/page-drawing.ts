import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Environment, SwitchName } from '@app/contracts/switches';

/** What the drawing thread needs to draw a member's session page as the app will (apps/web prerender.tsx). */
export interface SessionPageToDraw {
  url: string;
  /** The answers the page carries (ADR 020), keyed by path. */
  answers: Record<string, unknown>;
  environment: Environment | undefined;
  switches: Record<SwitchName, boolean>;
}

export interface PageDrawer {
  /** The page's drawing, or undefined when it could not be drawn within `timeoutMs` (the app then draws it). */
  draw(page: SessionPageToDraw, timeoutMs: number): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Where the web build puts the server-side build of the app and the drawing thread (first-paint-plugin.ts). */
const DRAWING_DIR = '.vite/ssr';

/**
 * The server's drawing of session pages (ADR 022): a worker thread runs the app's components in a simulated
 * browser, so that its globals and its work stay off the HTTP event loop. Started at once, in the background;
 * until it is ready, and for a web build without it, pages go without a drawing. A drawing that fails or comes
 * late is left out: the app draws the page itself, as it did before.
 */
export function createPageDrawer(webDistDir: string, onError: (error: Error) => void): PageDrawer {
  const dir = path.join(webDistDir, DRAWING_DIR);
  const workerFile = path.join(dir, 'page-drawing-worker.mjs');
  const entry = path.join(dir, 'prerender.mjs');
  if (!existsSync(workerFile) || !existsSync(entry)) {
    return { draw: () => Promise.resolve(undefined), close: () => Promise.resolve() };
  }
  const worker = new Worker(workerFile, { workerData: { entry } });
  const pending = new Map<number, (html: string | undefined) => void>();
  let ready = false;
  let nextId = 1;
  worker.on('message', (message: { ready?: boolean; id?: number; html?: string; error?: string }) => {
    if (message.ready) ready = true;
    if (message.id === undefined) return;
    if (message.error) onError(new Error(message.error));
    pending.get(message.id)?.(message.html);
    pending.delete(message.id);
  });
  worker.on('error', (error) => {
    ready = false;
    onError(error);
  });
  worker.on('exit', () => {
    ready = false;
    for (const resolve of pending.values()) resolve(undefined);
    pending.clear();
  });
  // The thread must not keep a stopping server alive.
  worker.unref();

  return {
    draw(page, timeoutMs) {
      if (!ready) return Promise.resolve(undefined);
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(undefined);
        }, timeoutMs);
        pending.set(id, (html) => {
          clearTimeout(timer);
          resolve(html);
        });
        worker.postMessage({ id, page });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
