import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The member site's build step: a .br and a .gz beside each text file, sent as they are (ADR 016).
import { precompress } from '../web/precompress-plugin.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/**
 * The staff console (docs/staff-console.md): its own app, served by the server at /console/
 * (apps/server/src/plugins/console-app.ts) beside the member's web app, with the same contracts and tokens.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The shell, sign-in and search in the first script; each other page loads when first opened (router.tsx).
    chunkSizeWarningLimit: 500,
  },
  server: {
    port: Number(process.env.CONSOLE_PORT ?? 3002),
    // Beside `npm run dev`'s API server: the console's calls and the tester tools reach it on this origin.
    proxy: { '/staff-api': { target: apiTarget }, '/dev': { target: apiTarget } },
  },
});
