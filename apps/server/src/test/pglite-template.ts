import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/database.ts';

/** Where the test workers find the template (set by the global setup below, read by build-test-app.ts). */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the server tests on PGlite: a new embedded cluster costs about 5 s (initdb in
 * WebAssembly) and each test file builds several apps. The migrated cluster is made once and archived; every
 * test app's in-memory database starts from it (1.6 s) and finds its migrations applied.
 */
export default async function makePgliteTemplate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lc-pglite-template-'));
  const file = path.join(dir, 'template.tar.gz');
  const db = new PGlite();
  await migrate(drizzle({ client: db }), { migrationsFolder });
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
  await db.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
