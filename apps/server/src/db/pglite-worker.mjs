// The embedded database in a thread of its own (docs/decisions/021): PGlite runs PostgreSQL compiled to
// WebAssembly, so every statement costs the thread that runs it. Here it runs beside the HTTP server instead of
// on its event loop. The main thread talks to it through `pglite-thread.ts`; one message a statement.
//
// Plain JavaScript on purpose: the same file runs under the test runner, the development loader and the
// bundled server (copied next to it by scripts/server-build.mjs) without a TypeScript loader in the thread.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

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

/**
 * The statements the server sends again and again (reads and writes) are prepared once, by name, and then only
 * bound and run: one call into PostgreSQL instead of PGlite's six (parse, describe, bind, describe, execute,
 * sync), and no parsing or planning each time (docs/decisions/026). Anything else (migrations, DDL) goes through
 * PGlite's own query. The application's statements are a fixed set; past about PREPARED_MAX, new ones are not
 * kept.
 */
const PREPARED_MAX = 1000;
const REPEATED = /^\s*(select|insert|update|delete|with)\b/i;
const prepared = new Map();
const { serialize } = protocol;

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Whether `sql` runs as a prepared statement: a row statement, already prepared or with room for one more. */
const kept = (sql) => prepared.has(sql) || (REPEATED.test(sql) && prepared.size < PREPARED_MAX);

/**
 * The prepared statement for `sql` (its name and parameter types), made on first use. A statement PostgreSQL
 * refuses throws its error, as PGlite's query would.
 */
async function preparedStatement(sql) {
  const known = prepared.get(sql);
  if (known) return known;
  const name = `lc_${prepared.size + 1}`;
  const { messages } = await db.execProtocol(
    concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    { syncToFs: false },
  );
  const statement = { name, types: parse.parseDescribeStatementResults(messages) };
  prepared.set(sql, statement);
  return statement;
}

/**
 * PGlite's parsers with the types the main thread reads as text, made once for each set of such types.
 * PGlite's query merged its 318 parsers with a statement's own on every run, about 0.1 ms a statement.
 */
const parserSets = new Map();
const parsersFor = (textTypes) => {
  const key = textTypes?.join(',') ?? '';
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = { ...db.parsers, ...Object.fromEntries((textTypes ?? []).map((type) => [type, passThrough])) };
    parserSets.set(key, parsers);
  }
  return parsers;
};

/**
 * Bind, describe, execute and sync in one message; the answer read as PGlite's query reads it. `options` are
 * the options as they crossed the thread (`rowMode`, `textTypes`).
 */
async function runPrepared(statement, params, options) {
  const values = (params ?? []).map((param, i) => {
    if (param === null || param === undefined) return null;
    const serializer = db.serializers[statement.types[i]];
    return serializer ? serializer(param) : param.toString();
  });
  const { messages } = await db.execProtocol(
    concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return parse.parseResults(messages, parsersFor(options?.textTypes), { rowMode: options?.rowMode })[0];
}

/**
 * One statement, alone or in the open transaction `open`, with the options as they crossed the thread. PGlite's
 * own locks keep it apart from other work as its query does: a statement outside a transaction waits for an open
 * one to end. Nothing is synced to the file system after it: PGlite's query does that outside a transaction,
 * and for the folder (NodeFS) and in-memory databases used here that step does nothing.
 */
async function query(open, sql, params, options) {
  if (!kept(sql)) return (open ? open.tx : db).query(sql, params, queryOptions(options));
  await db.waitReady;
  const run = () =>
    db._runExclusiveQuery(async () => runPrepared(await preparedStatement(sql), params, options));
  return open ? run() : db._runExclusiveTransaction(run);
}

const handlers = {
  query: ({ transaction, sql, params, options }) => {
    const open = transaction === undefined ? undefined : transactions.get(transaction);
    if (transaction !== undefined && !open) throw new Error(`transaction ${transaction} is not open`);
    return query(open, sql, params, options);
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
