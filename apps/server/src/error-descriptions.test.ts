// @databases none: it reads the server's source files; it opens no database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

/** The server's own code: every .ts file under src/ but the tests. */
const sourceFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .sort();

/**
 * An error built with its description written in place: `new AppError(status, code, 'text')` (or with a
 * template literal), and the same through linked-partners' `fail(status, code, description)`. Arguments may
 * span lines; the status and the code hold no comma.
 */
const inlineDescription = /(?:\bnew AppError|\bfail)\(\s*[^,]+,\s*[^,]+,\s*['"`]/g;

/** `file:line: the call's start` for each error of `code` whose description is written in place. */
const inlineDescriptionsIn = (file: string, code: string) =>
  [...code.matchAll(inlineDescription)].map((match) => {
    const line = code.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${match[0].replace(/\s+/g, ' ')}`;
  });

/**
 * What a client is told comes from packages/contracts (each area's messages object, `GENERIC_ERROR_MESSAGE`),
 * so the web shows the same words from the same definition and a change of wording is made once.
 */
describe('error descriptions come from contracts', () => {
  it('finds a description written in place, on one line or over several', () => {
    expect(inlineDescriptionsIn('a.ts', "throw new AppError(404, 'X', 'Not here.');")).toHaveLength(1);
    expect(
      inlineDescriptionsIn('a.ts', 'new AppError(\n  400,\n  codes.x,\n  `No ${thing}.`,\n)'),
    ).toHaveLength(1);
    expect(inlineDescriptionsIn('a.ts', `throw fail(409, 'X', "Can't.");`)).toHaveLength(1);
    expect(inlineDescriptionsIn('a.ts', "new AppError(404, 'X', messages.notHere, { extra: 'y' })")).toEqual(
      [],
    );
    expect(inlineDescriptionsIn('a.ts', "new AppError(409, 'X', messages.limit(`${n}`))")).toEqual([]);
  });

  it('has no server file that writes an error description in place', () => {
    expect(sourceFiles.length).toBeGreaterThan(100);
    const found = sourceFiles.flatMap((file) =>
      inlineDescriptionsIn(file, readFileSync(path.join(src, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
