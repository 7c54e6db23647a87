import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database run in a worker thread (docs/decisions/021), seen from the main thread as the part of
 * PGlite's interface that Drizzle's PGlite driver uses: `query`, `transaction` (with `query` on the
 * transaction) and `close`. Statements, transactions and errors behave as with PGlite in the same thread: one
 * transaction at a time, other statements wait for it, PostgreSQL's error fields (code, constraint, ...) kept.
 */
export interface PGliteThread {
  /** Settles when PGlite has opened the data (or failed to); statements sent before then wait in the thread. */
  ready: Promise<void>;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Request =
  | { op: 'query'; transaction?: number; sql: string; params?: unknown[]; options?: WireOptions }
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'close' };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WireError };
type WireError = { name: string; message: string } & Record<string, unknown>;
/** Parsers are functions and cannot cross: Drizzle's only keep a type's text as it is, so their types go. */
type WireOptions = { rowMode?: 'array' | 'object'; textTypes?: number[] };

const toError = (wire: WireError) => Object.assign(new Error(wire.message), wire);

const wireOptions = (options: QueryOptions | undefined): WireOptions | undefined => {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0) {
    throw new Error(`the PGlite thread does not take these query options: ${Object.keys(rest).join(', ')}`);
  }
  const textTypes = (
    Object.entries(parsers ?? {}) as [string, (value: string, type: number) => unknown][]
  ).map(([type, parse]) => {
    if (parse('2026-01-01 00:00:00', Number(type)) !== '2026-01-01 00:00:00') {
      throw new Error(`the PGlite thread only keeps a type's text as it is (type ${type})`);
    }
    return Number(type);
  });
  return { ...(rowMode ? { rowMode } : {}), ...(textTypes.length > 0 ? { textTypes } : {}) };
};

/**
 * PostgreSQL's shared buffers in the embedded database. PGlite's build sets 128 MB, and the thread spends about
 * 0.4 s of every start clearing that memory; the demo data is 25 MB on disk and the files behind it stay in the
 * operating system's cache, so 32 MB holds what is read often (docs/decisions/025). A larger data set belongs on
 * PostgreSQL (DATABASE_URL).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Where the embedded database keeps its files; undefined keeps it in memory. */
export const embeddedDataPath = (options: { dataDir: string; inMemory?: boolean }) =>
  options.inMemory ? undefined : path.join(options.dataDir, 'pglite');

/**
 * Starts the thread, which opens the database in `dataPath` (in memory when undefined). Returns at once: the
 * statements sent before PGlite is ready wait in the thread, and `ready` tells when it is (or why it failed).
 * `template`, a data folder archived by PGlite's `dumpDataDir`, is what an empty database starts from instead
 * of a new cluster (tests: 1.6 s instead of 5 s for each database).
 */
export function openPGliteThread(dataPath: string | undefined, template?: string): PGliteThread {
  if (dataPath) mkdirSync(dataPath, { recursive: true });
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataPath, sharedBuffers: PGLITE_SHARED_BUFFERS, template },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let ended: Error | undefined;

  const failAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => {
    const onReady = (message: { ready?: boolean; error?: WireError }) => {
      if (message.ready === undefined) return;
      worker.off('message', onReady);
      if (message.ready) resolve();
      else reject(toError(message.error ?? { name: 'Error', message: 'PGlite did not start' }));
    };
    worker.on('message', onReady);
    worker.once('error', reject);
  });
  // Whoever opens the database awaits `ready`; a failure also reaches every statement sent.
  ready.catch(() => undefined);

  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(toError(reply.error));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the PGlite thread ended (exit code ${code})`)));

  const send = <T>(request: Request): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };

  const query = <T>(sql: string, params?: unknown[], options?: QueryOptions, transaction?: number) =>
    send<Results<T>>({ op: 'query', sql, params, options: wireOptions(options), transaction });

  return {
    ready,
    query: (sql, params, options) => query(sql, params, options),
    async transaction(callback) {
      const id = await send<number>({ op: 'begin' });
      let open = true;
      const tx = {
        query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
          query<T>(sql, params, options, id),
        rollback: async () => {
          throw new Error('the transaction was rolled back');
        },
        get closed() {
          return !open;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        open = false;
        await send({ op: 'end', transaction: id, commit: true });
        return result;
      } catch (error) {
        if (open) {
          open = false;
          await send({ op: 'end', transaction: id, commit: false }).catch(() => undefined);
        }
        throw error;
      }
    },
    async close() {
      if (!ended) await send({ op: 'close' });
      await worker.terminate();
    },
  };
}
