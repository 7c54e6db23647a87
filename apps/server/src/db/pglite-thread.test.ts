// @databases pglite: the embedded database in its worker thread.
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
  const rowsOf = async (statement: SQL) => {
    const result = (await handle.db.execute(statement)) as { rows: unknown[] };
    return result.rows;
  };

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

  it('prepares a repeated statement once and answers each run with its own values', async () => {
    const text = 'select note, at, doc, bytes from thread_probe where id = $1 and note is distinct from $2';
    const prepared = sql`select count(*)::int as count from pg_prepared_statements where statement = ${text}`;
    await handle.db.execute(
      sql`insert into thread_probe values (7, 'seven', '2026-11-25T08:30:00Z', '{"b":true}', '\\x07')`,
    );
    const run = (id: number) =>
      handle.db.execute(sql.raw(text.replace('$1', String(id)).replace('$2', 'null')));
    // Drizzle's own statements, the same text with different values:
    const byId = (id: number) =>
      rowsOf(
        sql`select note, at, doc, bytes from thread_probe where id = ${id} and note is distinct from ${null}`,
      );
    expect(await byId(7)).toEqual([
      { note: 'seven', at: '2026-11-25 08:30:00+00', doc: { b: true }, bytes: new Uint8Array([7]) },
    ]);
    expect(await byId(1)).toEqual([expect.objectContaining({ note: 'one', doc: { a: [1, 2] } })]);
    expect(await byId(99)).toEqual([]);
    expect(await rowsOf(prepared)).toEqual([{ count: 1 }]);
    // A statement with its values written in is another text, prepared once too.
    await run(7);
    await run(7);
    const literal = text.replace('$1', '7').replace('$2', 'null');
    expect(
      await rowsOf(
        sql`select count(*)::int as count from pg_prepared_statements where statement = ${literal}`,
      ),
    ).toEqual([{ count: 1 }]);
  });

  it('answers affected rows of a write, and an error in a value without breaking the next statement', async () => {
    const result = (await handle.db.execute(
      sql`update thread_probe set note = ${'changed'} where id in (${1}, ${7})`,
    )) as { affectedRows?: number };
    expect(result.affectedRows).toBe(2);
    const error = await rowsOf(sql`select id from collectors where id = ${'not-a-uuid'}`)
      .then(() => undefined)
      .catch((caught: unknown) => caught as { cause?: { code?: string } });
    expect(error?.cause?.code).toBe('22P02');
    expect(await rowsOf(sql`select note from thread_probe where id = ${7}`)).toEqual([{ note: 'changed' }]);
  });

  it('refuses a statement PostgreSQL cannot prepare with its error, and a transaction that met it rolls back', async () => {
    const error = await rowsOf(sql`select nothing from thread_probe where id = ${1}`)
      .then(() => undefined)
      .catch((caught: unknown) => caught as { cause?: { code?: string } });
    expect(error?.cause?.code).toBe('42703');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (${8}, ${'eight'})`);
        await tx.execute(sql`select nothing from thread_probe`);
      }),
    ).rejects.toThrow();
    expect(await rowsOf(sql`select id from thread_probe where id = ${8}`)).toEqual([]);
  });

  it('keeps the data for the next start', async () => {
    await handle.close();
    handle = await openDatabase({ dataDir });
    const rows = await rowsOf(sql`select note from thread_probe where id = 2`);
    expect(rows).toEqual([{ note: 'kept' }]);
  });
});
