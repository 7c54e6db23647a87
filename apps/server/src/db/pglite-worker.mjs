// The embedded database in a thread of its own (docs/decisions/021): PGlite runs PostgreSQL compiled to
// WebAssembly, so every statement costs the thread that runs it. Here it runs beside the HTTP server instead of
// on its event loop. The main thread talks to it through `pglite-thread.ts`; one message a statement.
//
// Plain JavaScript on purpose: the same file runs under the test runner, the development loader and the
// bundled server (copied next to it by scripts/server-build.mjs) without a TypeScript loader in the thread.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The fields PostgreSQL's errors carry (code 23505, constraint, ...), kept across the thread. */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'where',
];

const serialiseError = (error) => {
  const out = { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
  for (const field of ERROR_FIELDS) if (error?.[field] !== undefined) out[field] = error[field];
  return out;
};

const passThrough = (value) => value;

/** Query options as they crossed the thread: parsers arrive as the list of types read as plain text. */
const queryOptions = (options) =>
  options && {
    rowMode: options.rowMode,
    ...(options.textTypes
      ? { parsers: Object.fromEntries(options.textTypes.map((type) => [type, passThrough])) }
      : {}),
  };

const db = new PGlite({
  dataDir: workerData.dataPath,
  // A data folder archived by dumpDataDir, for an empty database to start from (pglite-thread.ts).
  ...(workerData.template ? { loadDataDir: new Blob([readFileSync(workerData.template)]) } : {}),
  // PGlite's own parameters, with smaller shared buffers (pglite-thread.ts: PGLITE_SHARED_BUFFERS).
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${workerData.sharedBuffers}`],
});

/** Open transactions by id: the PGlite transaction, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

const handlers = {
  query: ({ transaction, sql, params, options }) => {
    const target = transaction === undefined ? db : transactions.get(transaction)?.tx;
    if (!target) throw new Error(`transaction ${transaction} is not open`);
    return target.query(sql, params, queryOptions(options));
  },
  // PGlite runs one transaction at a time and holds every other statement until it ends, as it does in the
  // main thread; the transaction stays open until the main thread says how it ends.
  begin: () =>
    new Promise((begun, failed) => {
      const id = nextTransaction++;
      const done = db.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, commit, rollback, done });
            begun(id);
          }),
      );
      done.catch(failed);
    }),
  end: async ({ transaction, commit }) => {
    const open = transactions.get(transaction);
    transactions.delete(transaction);
    if (!open?.commit) throw new Error(`transaction ${transaction} is not open`);
    if (commit) {
      open.commit();
      await open.done;
      return;
    }
    open.rollback(new Error('rolled back'));
    await open.done.catch(() => undefined);
  },
  close: () => db.close(),
};

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: serialiseError(error) }),
);

parentPort.on('message', async (message) => {
  try {
    const result = await handlers[message.op](message);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) });
  }
});
