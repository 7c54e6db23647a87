import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { collectors } from './schema/core.ts';

/** The embedded database in its own thread (docs/decisions/021) behaves as PGlite in the same thread did. */
describe('the embedded database in a worker thread', () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  /** The rows of a statement run outside Drizzle's query builder. */
  const rowsOf = async (statement: SQL) =>
    ((await handle.db.execute(statement)) as unknown as { rows: unknown[] }).rows;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lc-pglite-thread-'));
    handle = await openDatabase({ dataDir });
    await handle.db.execute(
      sql`create table thread_probe (id int primary key, note text, at timestamptz, doc jsonb, bytes bytea)`,
    );
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the migrations and answers statements with their types', async () => {
    await handle.db.execute(
      sql`insert into thread_probe values (1, 'one', '2026-11-23T10:00:00Z', '{"a":[1,2]}', '\\x0102')`,
    );
    const rows = await rowsOf(sql`select * from thread_probe where id = 1`);
    expect(rows).toEqual([
      // Drizzle reads timestamps as PostgreSQL writes them and maps them itself.
      { id: 1, note: 'one', at: '2026-11-23 10:00:00+00', doc: { a: [1, 2] }, bytes: new Uint8Array([1, 2]) },
    ]);
    // A table of the schema, through Drizzle's mapping (dates as Date objects).
    const found = await handle.db
      .select()
      .from(collectors)
      .where(eq(collectors.id, '00000000-0000-4000-8000-000000000000'));
    expect(found).toEqual([]);
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (2, 'kept')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await rowsOf(sql`select id from thread_probe where id in (2, 3) order by id`);
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('keeps a nested transaction (a savepoint) apart from the outer one', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (4, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe (id, note) values (5, 'inner')`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    const rows = await rowsOf(sql`select id from thread_probe where id in (4, 5) order by id`);
    expect(rows).toEqual([{ id: 4 }]);
  });

  it('holds other statements until a transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (6, 'first')`);
      order.push('transaction wrote');
      await held;
      order.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = rowsOf(sql`select note from thread_probe where id = 6`).then((rows) => {
      order.push('outside read');
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ note: 'first' }]);
    expect(order).toEqual(['transaction wrote', 'transaction ends', 'outside read']);
  });

  it("keeps PostgreSQL's error code and constraint across the thread", async () => {
    const error = await handle.db
      .execute(sql`insert into thread_probe (id, note) values (1, 'again')`)
      .then(() => undefined)
      .catch((caught: unknown) => caught as { cause?: { code?: string; constraint?: string } });
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toBe('thread_probe_pkey');
  });

  it('keeps the data for the next start', async () => {
    await handle.close();
    handle = await openDatabase({ dataDir });
    const rows = await rowsOf(sql`select note from thread_probe where id = 2`);
    expect(rows).toEqual([{ note: 'kept' }]);
  });
});
