// @databases none: it reads the test files' sources; it opens no database.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTagOf, opensDatabase, serverProjectFiles, serverTestFiles } from './database-tags.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const files = serverTestFiles(root);

describe('which database each server test file runs on', () => {
  it('is declared by every file, with a reason', () => {
    const untagged = files.filter(({ source }) => !databaseTagOf(source)).map(({ file }) => file);
    expect(untagged).toEqual([]);
  });

  it("is a database wherever the file starts an app or opens one: 'none' only for files that open none", () => {
    const wrong = files
      .filter(({ source }) => opensDatabase(source) && databaseTagOf(source)?.tag === 'none')
      .map(({ file }) => file);
    expect(wrong).toEqual([]);
  });

  it('runs each file once, but both-tagged ones twice, where PostgreSQL answers; every file but postgres ones without it', () => {
    const withPostgres = serverProjectFiles(root, true);
    const without = serverProjectFiles(root, false);
    for (const { file, source } of files) {
      const tag = databaseTagOf(source)?.tag;
      const runs = Number(withPostgres.pglite.includes(file)) + Number(withPostgres.postgres.includes(file));
      expect({ file, runs }).toEqual({ file, runs: tag === 'both' ? 2 : 1 });
      expect({ file, alone: without.pglite.includes(file) }).toEqual({ file, alone: tag !== 'postgres' });
    }
  });

  it('reads a tag and refuses one without a reason or of an unknown kind', () => {
    expect(databaseTagOf('// @databases both: locks differ.\nimport x;')).toEqual({
      tag: 'both',
      reason: 'locks differ.',
    });
    expect(databaseTagOf('// @databases both:\n')).toBeUndefined();
    expect(databaseTagOf('// @databases sometimes: why not.\n')).toBeUndefined();
  });
});
