// Builds the web app when its output is missing or older than any source it is built from.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = [
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
  'packages/contracts/src',
];

const newest = (target) => {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
};

export function buildWebIfNeeded(outDir = path.join(root, 'apps/web/dist')) {
  const output = path.join(outDir, 'index.html');
  const outputTime = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sourceTime = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (outputTime >= sourceTime) return false;
  console.log('Building the web app...');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'apps/web/vite.config.ts',
      '--logLevel',
      'warn',
      // E2E_WEB_DIST builds land in their own folder, apart from apps/web/dist.
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
