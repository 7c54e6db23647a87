// @databases none: it reads the repository's text files; it opens no database.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const self = path.relative(root, import.meta.filename);

/** The repository's own text: every tracked file (and new ones not yet added) of the folders a reader opens. */
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages', 'e2e', 'docs', 'scripts'],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .concat('README.md', 'bench', '.ci/run')
  .flatMap((file) =>
    file === 'bench'
      ? readdirSync(path.join(root, 'bench'), { recursive: true, encoding: 'utf8' }).map((f) => `bench/${f}`)
      : [file],
  )
  .filter((file) => /\.(ts|tsx|mjs|js|md|css|html|json|yml|sh)$|^\.ci\/run$/.test(file) && file !== self);

const text = (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return ''; // a file listed by git but deleted in the working tree
  }
};

/** `file:line: the line` for each line of the repository's text that matches `pattern`. */
const linesMatching = (pattern: RegExp) =>
  files.flatMap((file) =>
    text(file)
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );

const productPages = readdirSync(path.join(root, 'docs/product')).filter((file) => file.endsWith('.md'));
/** The labels of docs/product's headings: `## S7. Signed-in calls` gives S7, `### S7.4 ...` gives S7.4. */
const productLabels = new Set(
  productPages.flatMap((page) =>
    [...text(`docs/product/${page}`).matchAll(/^#+ ([RS]\d+(?:\.\d+)?)[ .]/gm)].map((match) => match[1]),
  ),
);

/**
 * Every reason in code and docs must be readable by someone who has only this repository: the product's
 * contract is docs/product/ (cited as `docs/product/<page>.md §S7.4`), decisions are ADRs in docs/decisions/.
 * An issue tracker's numbers, a specification's section numbers and documents outside the repository are not.
 */
describe('every reason is readable inside the repository', () => {
  it('names no issue number', () => {
    expect(linesMatching(/\bissues? #?\d+/i)).toEqual([]);
  });

  it('names no section of a specification kept elsewhere', () => {
    expect(linesMatching(/\bspec(ification)?s?,? §?\d|\b(signed-in|registration) spec\b/i)).toEqual([]);
  });

  it('names no document outside the repository', () => {
    expect(
      linesMatching(
        /\.\.\/shared\/(spec|DESIGN|STYLE|look-rubric)|\/work\/|\b(DESIGN|STYLE)\.md|look-rubric/,
      ),
    ).toEqual([]);
  });

  it('cites only product pages and headings that exist', () => {
    const missingPages = linesMatching(/docs\/product\/[a-z-]+\.md/).filter((line) =>
      [...line.matchAll(/docs\/product\/([a-z-]+\.md)/g)].some((match) => !productPages.includes(match[1]!)),
    );
    const missingLabels = linesMatching(/§[RS]\d/).filter((line) =>
      [...line.matchAll(/§([RS]\d+(?:\.\d+)?)/g)].some((match) => !productLabels.has(match[1])),
    );
    expect({ missingPages, missingLabels }).toEqual({ missingPages: [], missingLabels: [] });
    expect(productLabels.size).toBeGreaterThan(30);
  });
});
