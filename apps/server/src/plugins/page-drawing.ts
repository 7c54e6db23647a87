import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Environment, SwitchName } from '@app/contracts/switches';

/** What the drawing thread needs to draw a member's session page as the app will (apps/web prerender.tsx). */
export interface SessionPageToDraw {
  url: string;
  /** The answers the page carries (ADR 020), as the JSON text of an object keyed by path. */
  answers: string;
  environment: Environment | undefined;
  switches: Record<SwitchName, boolean>;
}

export interface PageDrawer {
  /** The page's drawing, or undefined when it could not be drawn within `timeoutMs` (the app then draws it). */
  draw(page: SessionPageToDraw, timeoutMs: number): Promise<string | undefined>;
  /**
   * A public page's drawing as the build draws it (apps/web prerender.tsx), once the thread is ready: for a brand
   * other than the one the build drew with (ADR 028). Undefined when it cannot be drawn.
   */
  drawPublic(url: string): Promise<string | undefined>;
  /** Starts the thread (once): when the server is ready, so that its start-up does not share the cores with it. */
  start(): void;
  close(): Promise<void>;
}

/** Where the web build puts the server-side build of the app and the drawing thread (first-paint-plugin.ts). */
const DRAWING_DIR = '.vite/ssr';
/** Pages waiting for the thread at most (a drawing takes a few milliseconds); more go without a drawing. */
const MAX_OUTSTANDING = 8;
/** The thread's heap bound, and the wait before a thread that ended is started again. */
const DRAWING_HEAP_MB = 128;
const RESTART_DELAY_MS = 1_000;

/**
 * The server's drawing of session pages (ADR 022, 045): a worker thread runs the app's components through
 * React's server renderer (no simulated browser since ADR 045), so that its work stays off the HTTP event loop.
 * Started in the background once the server is ready (`start`), so that loading React's server build does not
 * slow the server's own start; until the thread is ready, and for a web build without it,
 * pages go without a drawing. A drawing that fails or comes late is left out: the app draws the page itself (the plain shell).
 */
export function createPageDrawer(
  webDistDir: string,
  onError: (error: Error) => void,
  /** The chosen brand as JSON, read by the app's code in the thread as the server's pages carry it. */
  brandJson?: string,
): PageDrawer {
  const dir = path.join(webDistDir, DRAWING_DIR);
  const workerFile = path.join(dir, 'page-drawing-worker.mjs');
  const entry = path.join(dir, 'prerender.mjs');
  if (!existsSync(workerFile) || !existsSync(entry)) {
    return {
      draw: () => Promise.resolve(undefined),
      drawPublic: () => Promise.resolve(undefined),
      start: () => undefined,
      close: () => Promise.resolve(),
    };
  }
  const pending = new Map<number, (html: string | undefined) => void>();
  let worker: Worker | undefined;
  let ready = false;
  let closing = false;
  let nextId = 1;
  /** Public pages waiting for the thread to be ready. */
  let whenReady: (() => void)[] = [];
  /** Pages asked of the thread and not answered yet, including those the server stopped waiting for. */
  let outstanding = 0;

  let started = false;
  const start = () => {
    started = true;
    const thread = new Worker(workerFile, {
      workerData: { entry, brandJson },
      // A bound keeps the thread's memory in check.
      resourceLimits: { maxOldGenerationSizeMb: DRAWING_HEAP_MB },
    });
    worker = thread;
    outstanding = 0;
    thread.on('message', (message: { ready?: boolean; id?: number; html?: string; error?: string }) => {
      if (message.ready) {
        ready = true;
        for (const resolve of whenReady) resolve();
        whenReady = [];
      }
      if (message.id === undefined) return;
      outstanding = Math.max(0, outstanding - 1);
      if (message.error) onError(new Error(message.error));
      pending.get(message.id)?.(message.html);
      pending.delete(message.id);
    });
    thread.on('error', (error) => {
      ready = false;
      onError(error);
    });
    thread.on('exit', () => {
      ready = false;
      for (const resolve of pending.values()) resolve(undefined);
      pending.clear();
      // A thread that ended on its own (out of memory, a crash) is started again, a little later.
      if (!closing) setTimeout(start, RESTART_DELAY_MS).unref();
    });
    // The thread must not keep a stopping server alive.
    thread.unref();
  };

  return {
    draw(page, timeoutMs) {
      // Busy drawing for others: this page goes without, rather than wait in a queue that only grows.
      if (!ready || !worker || outstanding >= MAX_OUTSTANDING) return Promise.resolve(undefined);
      const id = nextId++;
      outstanding += 1;
      const thread = worker;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(undefined);
        }, timeoutMs);
        pending.set(id, (html) => {
          clearTimeout(timer);
          resolve(html);
        });
        thread.postMessage({ id, page });
      });
    },
    async drawPublic(url) {
      if (!ready) await new Promise<void>((resolve) => whenReady.push(resolve));
      if (closing || !worker) return undefined;
      const id = nextId++;
      outstanding += 1;
      const thread = worker;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        thread.postMessage({ id, publicPage: url });
      });
    },
    start() {
      if (!started && !closing) start();
    },
    async close() {
      closing = true;
      for (const resolve of whenReady) resolve();
      whenReady = [];
      await worker?.terminate();
    },
  };
}
