import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstPaint } from './first-paint-plugin.ts';
import { fontPreload } from './font-preload-plugin.ts';
import { offlineApp } from './offline-plugin.ts';
import { precompress } from './precompress-plugin.ts';
import { API_PREFIXES } from '../../packages/contracts/src/api-prefixes.ts';
import { BRAND_ASSETS_PATH } from '../../packages/contracts/src/brand.ts';
import { WEB_APP_MANIFEST_PATH } from '../../packages/contracts/src/offline.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), fontPreload(), firstPaint(), precompress(), ...offlineApp()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    // One style sheet for the whole app (about 8 KB gzip), linked by index.html: a first paint waits for one
    // file instead of three or four, and no route waits for its own (ADR 024).
    cssCodeSplit: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `npm run dev`: the API server runs beside Vite, reached through the same origin; so do the brand's
    // images (ADR 028) and the web app manifest (ADR 030).
    proxy: Object.fromEntries(
      [...API_PREFIXES, BRAND_ASSETS_PATH, WEB_APP_MANIFEST_PATH].map((prefix) => [
        prefix,
        { target: apiTarget },
      ]),
    ),
  },
});
