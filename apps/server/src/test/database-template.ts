import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.ts';
import { embeddedDataPath } from '../db/pglite-thread.ts';
import { adminQuery, databaseUrl, testConfig } from './test-config.ts';

/** What every test app's database starts from: an archived PGlite cluster, or a PostgreSQL template database. */
export type DatabaseTemplate = { kind: 'pglite'; archive: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Archives the cluster in `dataPath`, uncompressed (it loads in about 0.4 s, a gzipped one in 0.65 s). In a plain
 * Node process: PGlite opening a folder under Vitest's module runner never settles.
 */
function archiveCluster(dataPath: string, archive: string) {
  const script = `
    const { writeFileSync } = await import('node:fs');
    const { PGlite } = await import('@electric-sql/pglite');
    const cluster = new PGlite(${JSON.stringify(dataPath)});
    await cluster.query('CHECKPOINT');
    const dump = await cluster.dumpDataDir('none');
    writeFileSync(${JSON.stringify(archive)}, Buffer.from(await dump.arrayBuffer()));
    await cluster.close();`;
  execFileSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: import.meta.dirname });
}

/**
 * Vitest global setup of the server tests (ADR 027): a first start migrates the database and loads the demo
 * data, which took about 4 s of every test app (argon2 hashes, 70-odd ledger entries, offers, brands). One app is
 * started here, once per run and database kind, exactly as `npm start` starts on an empty database; every test
 * app then starts from a copy of what it left: PGlite loads the archived cluster, PostgreSQL makes each test
 * database with `CREATE DATABASE ... TEMPLATE`. The start-up code that loads the demo data still runs in every
 * app and finds it there, as on any later start.
 */
export default async function makeDatabaseTemplate(project: TestProject) {
  if (project.name.endsWith('postgres')) {
    const name = `lc_template_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const app = await buildApp(testConfig({}, { databaseUrl: databaseUrl(name) }));
    await app.ready();
    await app.close();
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'lc-pglite-template-'));
  const config = testConfig({}, { dataDir: dir, inMemoryDatabase: false });
  const app = await buildApp(config);
  await app.ready();
  await app.close();
  const archive = path.join(dir, 'template.tar');
  archiveCluster(embeddedDataPath(config) ?? dir, archive);
  project.provide('databaseTemplate', { kind: 'pglite', archive });
  return () => rmSync(dir, { recursive: true, force: true });
}
