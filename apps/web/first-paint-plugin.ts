import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { PAGES_WITHOUT_SERVER_DATA, PRERENDERED_PAGES } from './src/app/page-needs.ts';

/** The chunks of a build, by file name, and the chunk that holds a source module (its facade when it has one). */
export function buildChunks(root: string, bundle: Rollup.OutputBundle, plugin: string) {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (source: string) => {
    const id = path.resolve(root, source);
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === id) ??
      chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`${plugin}: ${source} is in no chunk of the build`);
    return chunk.fileName;
  };
  return { chunks, byFile, chunkOf };
}

/**
 * What the server adds to the page for a first visit: module preloads (ADR 018; one style sheet, ADR 024).
 */
export interface FirstPaintFiles {
  js: string[];
}

/** `dist/.vite/first-paint.json`: read by the server (apps/server/src/plugins/web-app.ts). */
export interface FirstPaintManifest {
  /** The app's start, loaded by the entry: every page needs it. */
  app: FirstPaintFiles;
  /** Page name → the files of its lazy route module (and of the query shell when it needs it). */
  pages: Record<string, FirstPaintFiles>;
  /** Pages without a module of their own show the placeholder. */
  placeholder: FirstPaintFiles;
  /** Loaded in front of every session route (session-guard.ts). */
  session: FirstPaintFiles;
  /** A card-number page without `uid` loads only this beside the entry (start-before-app.ts, ADR 018). */
  signInStart: FirstPaintFiles;
}

export const FIRST_PAINT_FILE = '.vite/first-paint.json';
/** `dist/.vite/prerendered.json`: `[{ page, path, requires?, html }]`, the drawings of PRERENDERED_PAGES. */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/** `dist/.vite/ssr/`: the server-side build of src/prerender.tsx and the server's drawing thread (ADR 022). */
export const DRAWING_DIR = '.vite/ssr';
/** The files beside that build: the drawing thread and the globals it shares with the pre-render (ADR 045). */
const DRAWING_FILES = ['page-drawing-worker.mjs', 'server-globals.mjs'];

/**
 * Draws the pre-rendered public pages (src/prerender.tsx): a server-side build of the app into
 * `dist/.vite/ssr`, run by prerender-run.mjs. The build stays, with the drawing thread
 * beside it, for the server to draw session pages (ADR 022).
 */
async function prerenderPages(root: string, outDir: string) {
  const ssrDir = path.join(outDir, DRAWING_DIR);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // React and the router inside the build, in their production form whatever NODE_ENV the server runs
    // under (tests run it under 'test'): the drawing is the browser's production render, at its speed.
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  for (const file of DRAWING_FILES) copyFileSync(path.join(root, file), path.join(ssrDir, file));
  execFileSync(
    process.execPath,
    [
      path.join(root, 'prerender-run.mjs'),
      path.join(ssrDir, 'prerender.mjs'),
      path.join(outDir, PRERENDERED_FILE),
      JSON.stringify(PRERENDERED_PAGES),
    ],
    { stdio: 'inherit', cwd: root },
  );
}

/**
 * `'page': () => import('../features/x/x-page.tsx')` lines of src/app/pages.ts (the `.then` after it is not
 * read).
 */
const PAGE_LINE = /^\s*'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('([^']+)'\)/gm;

/** Page name → its lazy route module (`src/...`), read from src/app/pages.ts, the one place that maps them. */
export function pageSources(root: string): Record<string, string> {
  const pagesSource = readFileSync(path.join(root, 'src/app/pages.ts'), 'utf8');
  const sources: Record<string, string> = {};
  for (const [, page, specifier] of pagesSource.matchAll(PAGE_LINE))
    sources[page!] = path.posix.join('src/app', specifier!);
  return sources;
}

/**
 * After the build, lists for every page the chunks its first render needs beyond the entry (the route module,
 * its static imports and their CSS), so the server can name them in the HTML it sends and the browser fetches
 * them at once instead of after the entry ran (ADR 018). Pages come from src/app/pages.ts, the one place
 * that maps pages to modules.
 */
export function firstPaint(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderPages(root, outDir);
    },
    writeBundle(_options, bundle) {
      const { chunks, byFile, chunkOf } = buildChunks(root, bundle, 'first-paint');
      const closure = (file: string, seen: Set<string>) => {
        if (seen.has(file) || !byFile.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)!.imports) closure(dep, seen);
        return seen;
      };
      const entryChunk = chunks.find((chunk) => chunk.isEntry);
      if (!entryChunk) throw new Error('first-paint: the build has no entry');
      // The app's start (src/app/start-up.tsx) is loaded by the entry after the first paint: every page needs it.
      const entry = closure(entryChunk.fileName, new Set());
      const entryOnly = new Set(entry);
      const startUp = [...closure(chunkOf('src/app/start-up.tsx'), new Set())].filter(
        (file) => !entry.has(file),
      );
      for (const file of startUp) entry.add(file);
      /** The chunks of these sources beyond those of `loaded` (the style sheet is one, in index.html: ADR 024). */
      const filesBeyond = (loaded: Set<string>, ...sources: string[]): FirstPaintFiles => {
        const files = new Set<string>();
        for (const source of sources) closure(chunkOf(source), files);
        const own = [...files].filter((file) => !loaded.has(file));
        return { js: own.map((file) => `/${file}`) };
      };
      const filesOf = (...sources: string[]) => filesBeyond(entry, ...sources);
      const queryShell = 'src/shared/query/query-shell.tsx';
      const pages: Record<string, FirstPaintFiles> = {};
      for (const [page, source] of Object.entries(pageSources(root))) {
        pages[page] = PAGES_WITHOUT_SERVER_DATA.has(page) ? filesOf(source) : filesOf(source, queryShell);
      }
      if (!pages.welcome) throw new Error('first-paint: no page found in src/app/pages.ts');
      const result: FirstPaintManifest = {
        app: { js: startUp.map((file) => `/${file}`) },
        pages,
        placeholder: filesOf('src/app/placeholder-page.tsx'),
        session: filesOf('src/shared/query/query-client.ts', 'src/shared/session/get-profile.ts'),
        signInStart: filesBeyond(entryOnly, 'src/features/sign-in/start-before-app.ts'),
      };
      writeFileSync(path.join(outDir, FIRST_PAINT_FILE), JSON.stringify(result));
    },
  };
}
