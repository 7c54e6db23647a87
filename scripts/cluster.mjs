// `npm run cluster`: several instances of the server behind HAProxy on one PostgreSQL and one Redis (ADR 034;
// docs/scale.md "Several instances behind a balancer"). Prints the balancer's address; Ctrl-C stops them all.
//
//   npm run cluster                          2 instances, a fresh database on the local PostgreSQL
//   npm run cluster -- --instances 3         3 instances
//   npm run cluster -- --rolling-restart     start, restart each instance in turn under load, print the counts, stop
//
// DATABASE_URL names the database to use (kept afterwards); unset, a database of this run's own is made on the
// local PostgreSQL (TEST_DATABASE_URL's server when set) and dropped at the end. REDIS_URL defaults to the local
// Redis. Other settings (NODE_ENV, LOG_LEVEL, DEMO_DATA, ...) pass through to the instances.
import { parseArgs } from 'node:util';
import { nodeVersionProblem } from './node-version.mjs';
import {
  LOCAL_POSTGRES,
  LOCAL_REDIS,
  createDatabase,
  clusterProblems,
  rollingRestartUnderLoad,
  startCluster,
} from './cluster-lib.mjs';
import { buildServerIfNeeded } from './server-build.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string' },
    'rolling-restart': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '8' },
  },
});
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(2);
}
const oldNode = nodeVersionProblem();
if (oldNode) {
  console.error(oldNode);
  process.exit(1);
}

const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES;
const problems = await clusterProblems({ adminUrl, redisUrl });
if (problems.length > 0) {
  console.error(`The cluster cannot start:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// WEB_DIST_DIR: a build folder of its own (the instances serve it too), apps/web/dist otherwise.
buildWebIfNeeded(process.env.WEB_DIST_DIR);
await buildServerIfNeeded();
const database = process.env.DATABASE_URL ? undefined : await createDatabase(adminUrl);
const databaseUrl = process.env.DATABASE_URL ?? database.url;
if (database) console.log(`A database of this run's own: ${database.name} (dropped at the end)`);

let cluster;
let stopping;
const stop = (code) => {
  stopping ??= (async () => {
    await cluster?.stop().catch((error) => console.error(error));
    await database?.drop().catch((error) => console.error(error));
    process.exit(code);
  })();
  return stopping;
};
// Ctrl-C reaches the instances too (one process group): they close without a grace, and stop() waits for them.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));

try {
  cluster = await startCluster({
    instances,
    databaseUrl,
    redisUrl,
    ...(values.port ? { balancerPort: Number(values.port) } : {}),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
console.log(`
${instances} instance${instances === 1 ? '' : 's'} behind HAProxy: ${cluster.url}
  ${cluster.instances.map((instance) => `${instance.name} on ${instance.url}`).join('\n  ')}
  HAProxy's configuration: ${cluster.configFile}
  Each answer names its instance in X-Instance.`);

if (values['rolling-restart']) {
  const result = await rollingRestartUnderLoad(cluster, {
    concurrency: Number(values.concurrency),
    log: (line) => console.log(line),
  });
  console.log(`
Rolling restart under load (${values.concurrency} concurrent loops, ${result.seconds.toFixed(1)} s):
  sent ${result.sent}, answered ${result.answered}, failed ${result.failed}
  answered by: ${Object.entries(result.byInstance)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ')}${
    result.failed > 0
      ? `\n  failures: ${Object.entries(result.failures)
          .map(([what, count]) => `${what} x${count}`)
          .join(', ')}`
      : ''
  }`);
  await stop(result.failed === 0 && result.restarts.every((r) => r.exitCode === 0) ? 0 : 1);
} else {
  console.log('Ctrl-C stops them all.');
}
