import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a server test file runs (docs/testing.md "Which database a test runs on"). Every server test file says so
 * in a line of its own, with the reason: `// @databases one: <why>`.
 * - `both`: on the embedded PGlite and on PostgreSQL, because what it tests can differ between them (migrations
 *   and start-up, locks and races, query plans, the database thread, the change feed);
 * - `one`: once, on PostgreSQL where TEST_DATABASE_URL is set (CI) and on PGlite otherwise: it tests the product's
 *   rules through the API, and the database kind changes nothing it asserts;
 * - `postgres`: only on PostgreSQL (a pool, concurrent connections); left out where none answers;
 * - `pglite`: only on the embedded database (its thread, its files);
 * - `none`: opens no database at all.
 */
export const DATABASE_TAGS = ['both', 'one', 'postgres', 'pglite', 'none'] as const;
export type DatabaseTag = (typeof DATABASE_TAGS)[number];

const TAG_LINE = /^\/\/ @databases (\w+): (\S.*)$/m;

/** The tag a test file's source declares, with its reason; undefined when it has none or an unknown one. */
export function databaseTagOf(source: string): { tag: DatabaseTag; reason: string } | undefined {
  const match = TAG_LINE.exec(source);
  const tag = match?.[1] as DatabaseTag | undefined;
  if (!match?.[2] || !tag || !DATABASE_TAGS.includes(tag)) return undefined;
  return { tag, reason: match[2] };
}

/** Whether a test file's source starts an app or opens a database (what needs a tag other than `none`). */
export const opensDatabase = (source: string) =>
  /buildTestApp|appThroughStallingRelay|openDatabase|startDatabase|openPGliteThread|buildApp\(|TEST_DATABASE_URL/.test(
    source,
  );

/** Every server test file (paths relative to the repository root) with its source. */
export function serverTestFiles(root: string): Array<{ file: string; source: string }> {
  const dir = path.join(root, 'apps/server/src');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => {
      const relative = path.join('apps/server/src', file);
      return { file: relative, source: readFileSync(path.join(root, relative), 'utf8') };
    });
}

/**
 * The files each server project runs. With PostgreSQL (TEST_DATABASE_URL): `both` and `pglite` files on PGlite,
 * `both`, `one` and `postgres` files on PostgreSQL, `none` files once beside them. Without it: everything but
 * `postgres` on PGlite. A file with no valid tag fails the run here, before any test starts.
 */
export function serverProjectFiles(root: string, withPostgres: boolean) {
  const pglite: string[] = [];
  const postgres: string[] = [];
  const untagged: string[] = [];
  for (const { file, source } of serverTestFiles(root)) {
    const tag = databaseTagOf(source)?.tag;
    if (!tag) untagged.push(file);
    else if (tag === 'both') {
      pglite.push(file);
      if (withPostgres) postgres.push(file);
    } else if (tag === 'pglite' || tag === 'none') pglite.push(file);
    else if (tag === 'postgres') {
      if (withPostgres) postgres.push(file);
    } else (withPostgres ? postgres : pglite).push(file);
  }
  if (untagged.length > 0) {
    throw new Error(
      `These server test files do not say which database they run on (a "// @databases <both|one|postgres|pglite|none>: <why>" line, apps/server/src/test/database-tags.ts):\n  ${untagged.join('\n  ')}`,
    );
  }
  return { pglite, postgres };
}
