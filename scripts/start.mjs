// `npm start`: build the web app and the server bundle if needed, then serve the app and every API on one
// origin. The server runs from its bundle (scripts/server-build.mjs) with Node's compile cache, so a warm start
// neither compiles TypeScript nor re-parses the packages it loads (ADR 016).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfNeeded, serverArgs, serverEnv } from './server-build.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfNeeded();
await buildServerIfNeeded();
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
