// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const server = './apps/server/src';
const serverModules = readdirSync(`${server}/modules`);
/** A module's public file: the one thing another module (or the start data) may import from it. */
const publicFiles = serverModules.map((name) => `./${name}/service.ts`);
const webFeatures = readdirSync('./apps/web/src/features');

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '.builds/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The type-checked rules (issue 31, item 7): floating and misused promises, unsafe `any`, needless assertions,
  // objects turned into '[object Object]'. They read the TypeScript program, so only TypeScript files.
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify plugins, route files and hooks are async by contract (a plain function must call `done`), so an
      // async function with no await in it is the framework's shape, not a mistake.
      '@typescript-eslint/require-await': 'off',
      // React Router's loaders stop with a thrown redirect, a Response: its documented way.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  {
    // Tests read answers as `any` (Fastify's inject `json()`, fetch spies) and assert on the fields they name:
    // a type written for each answer would repeat the assertion. The other type-checked rules hold in tests too.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One icon module per icon (docs/design-system.md): the package's entry holds all 1,700 icons, which
      // every test file would load (1.3 MB) though the build keeps only the ones used.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import each icon from 'lucide-react/icons/<name>'.",
            },
          ],
        },
      ],
      // Code flows one way: shared -> features -> app (STYLE.md "Shape").
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/shared', from: './apps/web/src/features' },
            { target: './apps/web/src/shared', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            // Features do not import each other: what two need lives in shared/.
            ...webFeatures.map((name) => ({
              target: `./apps/web/src/features/${name}`,
              from: './apps/web/src/features',
              except: [`./${name}`],
              message: 'Features do not import each other: move what both need to shared/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Server layers (DESIGN.md, docs/architecture.md): db and lib import no module and no plugin; plugins import
    // no module (app.ts hands them what they need); a module uses another only through its service.ts; the
    // start data (db/demo) sits above the modules and uses them through the same public files.
    // Tests are outside the layers: they build the whole app and may reach any file.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['lib', 'db/schema', 'db/migrations', 'db/*.ts'].flatMap((target) => [
              {
                target: `${server}/${target}`,
                from: `${server}/modules`,
                message: 'lib/ and db/ import no module.',
              },
              {
                target: `${server}/${target}`,
                from: `${server}/plugins`,
                message: 'lib/ and db/ import no plugin.',
              },
              {
                target: `${server}/${target}`,
                from: `${server}/db/demo`,
                message: 'Only app.ts runs the start data.',
              },
            ]),
            { target: `${server}/lib`, from: `${server}/app.ts` },
            {
              target: `${server}/plugins`,
              from: `${server}/modules`,
              message: 'Pass what a plugin needs in from app.ts.',
            },
            { target: `${server}/plugins`, from: `${server}/db/demo` },
            {
              target: `${server}/modules`,
              from: `${server}/db/demo`,
              message: 'Only app.ts runs the start data.',
            },
            ...serverModules.map((name) => ({
              target: `${server}/modules/${name}`,
              from: `${server}/modules`,
              except: [`./${name}`, ...publicFiles],
              message: 'Use another module only through its service.ts; move what both need to lib/.',
            })),
            {
              target: `${server}/db/demo`,
              from: `${server}/modules`,
              except: publicFiles,
              message: 'The start data uses a module only through its service.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Config is read in one place (STYLE.md "Shape"): only env.ts files may touch process.env.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/env.ts', '**/*.config.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts.' },
      ],
    },
  },
);
