import { embeddedDataPath, openPGliteThread } from './db/pglite-thread.ts';
import { ConfigError, readConfig } from './env.ts';
import { shutDownGracefully } from './modules/health/graceful-shutdown.ts';
import { chooseBrand } from '@app/contracts/brand';
import { nodeVersionProblem } from '../../../scripts/node-version.mjs';

async function main() {
  // Below package.json's engines the identity provider and its cookie libraries misbehave: refuse at once.
  const oldNode = nodeVersionProblem();
  if (oldNode) {
    console.error(oldNode);
    process.exit(1);
  }
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // One brand per process (ADR 028), chosen before the code that reads it is imported.
  chooseBrand(config.brand.brand);

  // The embedded database's thread opens the data while the rest of the server's code loads and registers;
  // that code is imported only now, so the thread starts first (docs/decisions/025).
  const thread = config.databaseUrl ? undefined : openPGliteThread(embeddedDataPath(config));
  // Tracing, when an exporter is set, starts before the server's code loads (ADR 035); its packages load only then.
  const tracing = config.tracing && (await (await import('./lib/tracing.ts')).startTracing(config.tracing));
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config, { thread });
  if (tracing) app.addHook('onClose', () => tracing.shutdown());
  // SIGTERM (an orchestrator, a rolling restart, `npm run cluster`): drain first, so the balancer takes this
  // instance out before its listener closes. SIGINT (Ctrl-C in a terminal, no balancer to tell) skips the grace.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const graceMs = signal === 'SIGTERM' ? config.shutdown.graceMs : 0;
    void shutDownGracefully(app, { graceMs, timeoutMs: config.shutdown.timeoutMs }).then((code) =>
      process.exit(code),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
