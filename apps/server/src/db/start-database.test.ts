// @databases pglite: starting the embedded database from its files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startDatabase } from './database.ts';
import { openPGliteThread } from './pglite-thread.ts';

/**
 * A server start does not wait for the embedded database to open (docs/decisions/025). Each test opens and
 * migrates a fresh cluster: a few seconds alone, past 30 s on a 2-core machine running other suites beside it.
 */
describe('starting the embedded database', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lc-start-db-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('answers at once, and runs statements only after the migrations and prepare', async () => {
    const steps: string[] = [];
    const handle = await startDatabase({
      dataDir: freshDir(),
      prepare: async (db) => {
        await db.execute(
          sql`insert into server_secrets (name, version, value) values ('probe', 1, 'prepared')`,
        );
        steps.push('prepare');
      },
    });
    let readyYet = false;
    void handle.ready.then(() => (readyYet = true));
    // Sent before the thread has opened the data: the table only exists once the migrations have run.
    const read = handle.db
      .execute(sql`select value from server_secrets where name = 'probe'`)
      .then((result) => {
        steps.push('statement');
        return (result as { rows: unknown[] }).rows;
      });
    expect(readyYet).toBe(false);
    await expect(read).resolves.toEqual([{ value: 'prepared' }]);
    expect(steps).toEqual(['prepare', 'statement']);
    await handle.ready;
    await handle.close();
  });

  it('takes a thread started earlier, and keeps 32 MB of shared buffers', async () => {
    const dataDir = freshDir();
    const thread = openPGliteThread(path.join(dataDir, 'pglite'));
    const handle = await startDatabase({ dataDir, thread });
    await handle.ready;
    const rows = (await handle.db.execute(sql`show shared_buffers`)) as { rows: unknown[] };
    expect(rows.rows).toEqual([{ shared_buffers: '32MB' }]);
    await handle.close();
  });

  it('rejects ready, and every statement waiting, when the data cannot be opened', async () => {
    const dataDir = freshDir();
    // A data folder of a PostgreSQL version PGlite cannot read.
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '9\n');
    const handle = await startDatabase({ dataDir });
    const statement = handle.db.execute(sql`select 1`);
    await expect(handle.ready).rejects.toThrow();
    await expect(statement).rejects.toThrow();
  });
});
