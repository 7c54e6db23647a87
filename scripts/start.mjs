// `npm start`: build the web app, the staff console and the server bundle if needed, then serve the app and every API on one
// origin. The server runs from its bundle (scripts/server-build.mjs) with Node's compile cache, so a warm start
// neither compiles TypeScript nor re-parses the packages it loads (ADR 016).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { nodeVersionProblem } from './node-version.mjs';
import { buildServerIfNeeded, serverArgs, serverEnv } from './server-build.mjs';
import { buildConsoleIfNeeded, buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const oldNode = nodeVersionProblem();
if (oldNode) {
  console.error(oldNode);
  process.exit(1);
}
buildWebIfNeeded();
buildConsoleIfNeeded();
await buildServerIfNeeded();
// For a developer trying the product, `npm start` turns the tester tools on (the outbox at /dev/outbox) unless
// DEV_TOOLS is set or NODE_ENV=production; a deployment sets NODE_ENV=production and never gets them (ADR 014).
const devTools = process.env.DEV_TOOLS ?? (process.env.NODE_ENV === 'production' ? undefined : 'on');
if (devTools === 'on' && process.env.DEV_TOOLS === undefined)
  console.log(
    'Tester tools on (/dev/outbox, /dev/session): set DEV_TOOLS=off or NODE_ENV=production to turn them off.',
  );
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverEnv, ...process.env, ...(devTools ? { DEV_TOOLS: devTools } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
