// Builds the web app, and the staff console (docs/staff-console.md), when an output is missing or older than
// any source it is built from.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** What both apps are built from besides their own folders. */
const sharedSources = ['packages/contracts/src', 'packages/ui/src'];
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/first-paint-plugin.ts',
  'apps/web/prerender-run.mjs',
  'apps/web/server-globals.mjs',
  'apps/web/page-drawing-worker.mjs',
  'apps/web/precompress-plugin.ts',
  'apps/web/font-preload-plugin.ts',
  'apps/web/offline-plugin.ts',
  ...sharedSources,
];
const consoleSources = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/public',
  'apps/console/vite.config.ts',
  ...sharedSources,
];

const newest = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
};

/** Runs Vite's build of `config` into `outDir` when `outDir`'s index.html is older than any of `sources`. */
function buildIfNeeded(label, config, sources, outDir) {
  const output = path.join(outDir, 'index.html');
  const outputTime = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sourceTime = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (outputTime >= sourceTime) return false;
  console.log(`Building ${label}...`);
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      config,
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return true;
}

/** E2E_WEB_DIST builds land in their own folder, apart from apps/web/dist. */
export function buildWebIfNeeded(outDir = path.join(root, 'apps/web/dist')) {
  return buildIfNeeded('the web app', 'apps/web/vite.config.ts', webSources, outDir);
}

/** The staff console, served by the same server at /console/ (apps/server/src/plugins/console-app.ts). */
export function buildConsoleIfNeeded(outDir = path.join(root, 'apps/console/dist')) {
  return buildIfNeeded('the staff console', 'apps/console/vite.config.ts', consoleSources, outDir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfNeeded();
  buildConsoleIfNeeded();
}
