// Bundles the server's own TypeScript (apps/server/src and packages/contracts) into one ES module for
// `npm start`, so a start loads one file instead of compiling hundreds at run time (ADR 016). Packages from
// node_modules stay external: they are plain JavaScript already, and some find their own files on disk
// (PGlite's WebAssembly, swagger-ui's assets, argon2's native binding).
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
const sources = ['apps/server/src', 'packages/contracts/src', 'apps/server/package.json'];

const newest = (target) => {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
};

const dependencies = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});

/** How `npm start` and the benchmarks run the bundle: with source maps for stack traces, and the compile cache. */
export const serverArgs = ['--enable-source-maps', serverBundle];
export const serverEnv = { NODE_COMPILE_CACHE: path.join(root, 'node_modules/.cache/node-compile') };

export async function buildServerIfNeeded() {
  const outputTime = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  const sourceTime = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (outputTime >= sourceTime) return false;
  const outDir = path.dirname(serverBundle);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    external: [
      ...dependencies('apps/server/package.json'),
      ...dependencies('packages/contracts/package.json'),
    ],
  });
  // The migrations are read from disk next to the code that applies them (src/db/database.ts).
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfNeeded();
