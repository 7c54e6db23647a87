import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { APP_SHELL_PATH } from '../../packages/contracts/src/offline.ts';
import { buildChunks, pageSources } from './first-paint-plugin.ts';
import { OFFLINE_MODULES, OFFLINE_PAGES } from './src/app/offline-needs.ts';

/**
 * The service worker of the offline card (ADR 030): vite-plugin-pwa builds src/service-worker/sw.ts
 * and injects the list of files it keeps. That list is not the whole build (some 700 files): only the app's
 * start, the style sheet and typeface, and the chunks of OFFLINE_PAGES and OFFLINE_MODULES with their imports,
 * found in the build's own chunk graph, plus the server's app shell (APP_SHELL_PATH) under the revision of
 * index.html. The manifest is the server's (per brand, ADR 028), so the plugin writes none and registers nothing.
 */
export function offlineApp(): Plugin[] {
  let root = '';
  const keep = new Set<string>();
  let shellRevision = '';

  const listFiles: Plugin = {
    name: 'offline-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(_options, bundle) {
      const { chunks, byFile, chunkOf } = buildChunks(root, bundle, 'offline-files');
      const closure = (file: string) => {
        if (keep.has(file) || !byFile.has(file)) return;
        keep.add(file);
        for (const dep of byFile.get(file)!.imports) closure(dep);
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('offline-files: the build has no entry');
      closure(entry.fileName);
      const pages = pageSources(root);
      const sources = [
        'src/app/start-up.tsx',
        ...OFFLINE_PAGES.map((page) => {
          const source = pages[page];
          if (!source) throw new Error(`offline-files: no module for the page ${page} in src/app/pages.ts`);
          return source;
        }),
        ...OFFLINE_MODULES,
      ];
      for (const source of sources) closure(chunkOf(source));
      // One style sheet (ADR 024) and its typeface.
      for (const output of Object.values(bundle))
        if (output.type === 'asset' && /\.(css|woff2)$/.test(output.fileName)) keep.add(output.fileName);
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('offline-files: the build has no index.html');
      shellRevision = createHash('sha256').update(index.source).digest('hex').slice(0, 16);
    },
  };

  const keepOfflineFiles: ManifestTransform = (entries) => {
    if (keep.size === 0) throw new Error('offline-files: the list of files to keep was not made');
    return {
      manifest: [
        ...entries.filter((entry) => keep.has(entry.url)),
        { url: APP_SHELL_PATH, revision: shellRevision, size: 0 },
      ],
      warnings: [],
    };
  };

  return [
    listFiles,
    ...VitePWA({
      // injectManifest: the worker is ours (the member's data in a cache of its own that logging out deletes, the
      // app shell for pages with no network); generateSW's configuration cannot say that (ADR 030).
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      // Built as sw.js at the top of the build: SERVICE_WORKER_PATH.
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        // A classic script: every browser that runs service workers runs it.
        rollupFormat: 'iife',
        globPatterns: ['assets/*.{js,css,woff2}'],
        manifestTransforms: [keepOfflineFiles],
      },
    }),
  ];
}
