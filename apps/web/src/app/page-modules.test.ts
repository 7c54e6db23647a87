import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const source = (file: string) => readFileSync(file, 'utf8');

/** `'page': () => import('<file>')` lines of pages.ts, and the name they pick when they pick one. */
const pageLines = [
  ...source(path.join(appDir, 'pages.ts')).matchAll(
    /^\s*'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('([^']+)'\)(\s*\.then\(\s*named\('(\w+)')?/gm,
  ),
].map(([, page = '', file = '', , picked]) => ({ page, file: path.join(appDir, file), picked }));

const aliasOf = (text: string) => /export \{ (\w+) as Component \};/.exec(text)?.[1];
const pageExports = (text: string) =>
  [...text.matchAll(/^export (?:function|const) ([A-Z]\w*Pages?)\b/gm)].map(([, name]) => name);

describe('page modules (pages.ts loads them directly)', () => {
  it('reads every line of pages.ts', () => {
    expect(pageLines.length).toBeGreaterThan(100);
  });

  it.each(pageLines)('$page: its module gives the route one page', ({ file, picked }) => {
    const text = source(file);
    if (picked) {
      // Picked by name (a module of several pages, or a page shown with props): the module exports it, and
      // names no other page `Component`.
      expect(pageExports(text)).toContain(picked);
      expect(aliasOf(text) ?? picked).toBe(picked);
    } else {
      // Loaded whole: the module exports `Component` and holds no other page it could have meant.
      const ownComponent = /^export const Component\b/m.test(text);
      const alias = aliasOf(text);
      expect(ownComponent || alias !== undefined).toBe(true);
      if (alias) expect(pageExports(text)).toEqual([alias]);
    }
  });
});

describe('feature page modules', () => {
  const featureDir = path.join(appDir, '../features');
  const files = readdirSync(featureDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => path.join(featureDir, file));

  it('a module that names its page `Component` holds only that page', () => {
    const several = files.filter((file) => {
      const text = source(file);
      return aliasOf(text) !== undefined && pageExports(text).length > 1;
    });
    expect(several).toEqual([]);
  });
});
