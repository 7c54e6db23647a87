// Bundles the server (apps/server/src, packages/contracts and most packages it uses) into one ES module for
// `npm start`, so a start loads one file instead of compiling hundreds of TypeScript files and resolving
// hundreds of packages at run time (ADR 016). A few packages stay external: see KEEP_EXTERNAL.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
const sources = [
  'apps/server/src',
  'packages/contracts/src',
  'apps/server/package.json',
  'package-lock.json',
];

const newest = (target) => {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
};

/**
 * Packages left out of the bundle: those that read their own files from disk (PGlite's WebAssembly and data,
 * swagger-ui's assets, static files), native bindings (argon2, resvg), and the build tools the server only uses in
 * development. Every other package is bundled, so a start resolves a handful of modules instead of hundreds.
 */
const KEEP_EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  '@fastify/swagger-ui',
  '@fastify/static',
  'esbuild',
  'tsx',
  'pino',
  'thread-stream',
];

/**
 * How `npm start` and the benchmarks run the bundle: with the compile cache. Source maps are not read at start
 * (reading them cost a second): a stack trace names lines of the bundle, which is not minified and marks each
 * source file; `NODE_OPTIONS=--enable-source-maps` maps them back to the TypeScript (README).
 */
export const serverArgs = [serverBundle];
export const serverEnv = { NODE_COMPILE_CACHE: path.join(root, 'node_modules/.cache/node-compile') };

/** `bundle`: another output file (the bench's BENCH_SERVER_DIST), so a build does not replace one in use. */
export async function buildServerIfNeeded(bundle = serverBundle) {
  const outputTime = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const sourceTime = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (outputTime >= sourceTime) return false;
  const outDir = path.dirname(bundle);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    // CommonJS packages inside an ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    external: KEEP_EXTERNAL,
  });
  // The migrations are read from disk next to the code that applies them (src/db/database.ts), and the
  // embedded database's thread is started from its file next to that code too (src/db/pglite-thread.ts).
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  cpSync(path.join(root, 'apps/server/src/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfNeeded();
