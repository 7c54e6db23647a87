import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/**
 * The staff console (docs/staff-console.md): its own app, served by the server at /console/
 * (apps/server/src/plugins/console-app.ts) beside the member's web app, with the same contracts and tokens.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // One script for the whole tool (about 160 KB gzip), cached for a year: the console has no first-route
    // budget like the member site (docs/performance.md); a member of staff opens it once a shift.
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: Number(process.env.CONSOLE_PORT ?? 3002),
    // Beside `npm run dev`'s API server: the console's calls and the tester tools reach it on this origin.
    proxy: { '/staff-api': { target: apiTarget }, '/dev': { target: apiTarget } },
  },
});
