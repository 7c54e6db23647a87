import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The first route of a public page (its budget: docs/performance.md; ADR 048): what its module imports
 * statically is loaded before the page can run, so forms load their validation (zod) after the first paint
 * (ADR 040). The figures in kilobytes come from `npm run bench`; this checks what no build is needed to see.
 */
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractsSrc = path.resolve(webSrc, '../../../packages/contracts/src');

/** Static imports of a source file: `import ... from 'x'` and `export ... from 'x'`, not `import type`. */
const staticImports = (text: string) =>
  [...text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(
    ([, specifier = '']) => specifier,
  );

const resolve = (specifier: string, from: string): string | undefined => {
  if (specifier.startsWith('@app/contracts/')) return `${path.join(contractsSrc, specifier.slice(15))}.ts`;
  if (specifier.startsWith('.')) {
    const file = path.resolve(path.dirname(from), specifier);
    return existsSync(file) ? file : undefined;
  }
  return undefined;
};

/**
 * Contract modules whose zod schema is built in a `/* @__PURE__ *\/` call (ADR 018): a page that takes only
 * their plain values (a header name) loads none of zod once the build drops the unused call.
 */
const PURE_SCHEMA_MODULES = ['bot-check.ts'];

/** The packages the module's static closure reaches, with the chain that reached each. */
function packagesOf(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) return;
    seen.add(file);
    if (PURE_SCHEMA_MODULES.includes(path.basename(file))) return;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const next = resolve(specifier, file);
      if (next) walk(next, [...chain, path.basename(next)]);
      else if (!specifier.startsWith('.') && !found.has(specifier)) found.set(specifier, chain);
    }
  };
  walk(entry, [path.basename(entry)]);
  return found;
}

describe('the first route of a public page loads no validation library', () => {
  it.each(PURE_SCHEMA_MODULES)('%s builds its schemas in pure calls only', (file) => {
    const text = readFileSync(path.join(contractsSrc, file), 'utf8');
    const schemas = [...text.matchAll(/^export const \w+ = (.*)$/gm)].filter(([, value = '']) =>
      /\bz\./.test(value),
    );
    expect(schemas).toEqual([]);
    expect(text).toContain('/* @__PURE__ */');
  });

  // Every contract builds its schemas in pure calls (ADR 049): a page that takes only a contract's
  // constants or messages then loads no schema, and no zod (the activity contract's cost 33 ms of a throttled
  // phone's first render). brand-file.ts is read by the server alone.
  const contractFiles = readdirSync(contractsSrc).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'brand-file.ts',
  );
  it.each(contractFiles)('contracts/%s builds no schema outside a pure call', (file) => {
    const text = readFileSync(path.join(contractsSrc, file), 'utf8');
    const eager = [
      ...text.matchAll(/^(?:export )?const (\w+) = (?!\/\* @__PURE__ \*\/)(z\s*\.|\w+Schema\.)/gm),
    ];
    expect(eager.map(([, name]) => name)).toEqual([]);
  });

  it.each([
    'features/welcome/welcome-page.tsx',
    'features/sign-in/card-number-page.tsx',
    'features/registration/card-check-page.tsx',
    'app/start-up.tsx',
  ])('%s', (page) => {
    const packages = packagesOf(path.join(webSrc, page));
    const validation = [...packages].filter(([name]) => /^zod\b|^@hookform\/resolvers/.test(name));
    expect(validation.map(([name, chain]) => `${name} via ${chain.join(' > ')}`)).toEqual([]);
  });
});
