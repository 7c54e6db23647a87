// `npm run dev`: the API server (restarting on change) on API_PORT, and Vite with hot reload on PORT, which
// forwards every API prefix to it, so the browser still sees one origin.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The tester tools (/dev/outbox, /dev/session) are on in development unless DEV_TOOLS says otherwise.
    env: {
      ...(process.env.NODE_ENV === 'production' ? {} : { DEV_TOOLS: 'on' }),
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: `http://localhost:${port}`,
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'apps/web/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
