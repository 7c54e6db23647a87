// @databases none: pure rules and helpers; it opens no database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { layerRefusal } from '../../../scripts/lint/layers.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const at = (file: string) => path.join(root, file);
/** Whether lint refuses `importer` (a path in the repository) importing `specifier`. */
const refused = (importer: string, specifier: string) =>
  layerRefusal(at(importer), path.resolve(path.dirname(at(importer)), specifier)) !== undefined;

/** The layers of docs/architecture.md, as lint enforces them (scripts/lint/layers.mjs). */
describe('the import rules between layers', () => {
  it('refuses a module in lib/ and db/, a plugin in lib/, and a module in a plugin', () => {
    expect(refused('apps/server/src/lib/fixture.ts', '../modules/brands/repository.ts')).toBe(true);
    expect(refused('apps/server/src/db/fixture.ts', '../modules/brands/service.ts')).toBe(true);
    expect(refused('apps/server/src/db/schema/fixture.ts', '../../modules/brands/service.ts')).toBe(true);
    expect(refused('apps/server/src/lib/fixture.ts', '../plugins/session.ts')).toBe(true);
    expect(refused('apps/server/src/lib/fixture.ts', '../app.ts')).toBe(true);
    expect(refused('apps/server/src/plugins/fixture.ts', '../modules/offers/routes.ts')).toBe(true);
    expect(refused('apps/server/src/modules/card/fixture.ts', '../../start-data/load-start-data.ts')).toBe(
      true,
    );
    expect(refused('apps/server/src/lib/fixture.ts', './points-ledger.ts')).toBe(false);
    expect(refused('apps/server/src/plugins/fixture.ts', '../lib/points-ledger.ts')).toBe(false);
  });

  it("refuses another module's repository, and allows its service.ts and the module's own files", () => {
    expect(refused('apps/server/src/modules/card/fixture.ts', '../brands/repository.ts')).toBe(true);
    expect(refused('apps/server/src/modules/card/fixture.ts', '../brands/service.ts')).toBe(false);
    expect(refused('apps/server/src/modules/card/fixture.ts', './repository.ts')).toBe(false);
    expect(refused('apps/server/src/start-data/fixture.ts', '../modules/brands/repository.ts')).toBe(true);
    expect(refused('apps/server/src/start-data/fixture.ts', '../modules/brands/service.ts')).toBe(false);
  });

  it('refuses one web feature importing another or the app, and allows shared/', () => {
    expect(refused('apps/web/src/features/offers/fixture.ts', '../brands/brands-page.tsx')).toBe(true);
    expect(refused('apps/web/src/features/offers/api/fixture.ts', '../../brands/api/x.ts')).toBe(true);
    expect(refused('apps/web/src/features/offers/fixture.ts', '../../app/router.tsx')).toBe(true);
    expect(refused('apps/web/src/shared/ui/fixture.ts', '../../features/offers/x.ts')).toBe(true);
    expect(refused('apps/web/src/features/offers/fixture.ts', '../../shared/ui/alert.tsx')).toBe(false);
    expect(refused('apps/web/src/app/fixture.ts', '../features/offers/x.ts')).toBe(false);
  });

  it('leaves tests outside the layers', () => {
    expect(refused('apps/server/src/lib/x.test.ts', '../modules/brands/repository.ts')).toBe(false);
    expect(refused('apps/server/src/test/helper.ts', '../modules/brands/repository.ts')).toBe(false);
  });

  it(
    'is part of the lint run: oxlint with the project config refuses a forbidden import and a circle',
    { timeout: 60_000 },
    async () => {
      // The project config's rules and plugins, without the type-aware rules (they build the whole program, and
      // this asks only about one import).
      const { options: _, ...config } = JSON.parse(readFileSync(at('.oxlintrc.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      const dir = mkdtempSync(path.join(tmpdir(), 'lc-layers-'));
      const configFile = path.join(dir, 'oxlintrc.json');
      writeFileSync(configFile, JSON.stringify({ ...config, jsPlugins: [at('scripts/lint/layers.mjs')] }));
      const name = `layers-fixture-${randomBytes(4).toString('hex')}`;
      const fixture = `apps/server/src/lib/${name}.ts`;
      // And a circle: two files that import each other.
      const [circleA, circleB] = ['a', 'b'].map((end) => `apps/server/src/lib/${name}-${end}.ts`) as [
        string,
        string,
      ];
      writeFileSync(at(fixture), "export { listBrands } from '../modules/brands/repository.ts';\n");
      writeFileSync(at(circleA), `import { b } from './${name}-b.ts';\nexport const a = () => b;\n`);
      writeFileSync(at(circleB), `import { a } from './${name}-a.ts';\nexport const b = () => a;\n`);
      try {
        const run = promisify(execFile)(
          process.execPath,
          [at('node_modules/oxlint/bin/oxlint'), '-c', configFile, '-f', 'unix', fixture, circleA, circleB],
          { cwd: root },
        );
        const failure = await run.then(
          () => undefined,
          (error: { stdout: string }) => error,
        );
        expect(failure?.stdout).toContain('lib/ and db/ import no module. [Error/layers(imports)]');
        expect(failure?.stdout).toMatch(new RegExp(`${name}-[ab]\\.ts:.*Dependency cycle detected`));
      } finally {
        for (const file of [fixture, circleA, circleB]) rmSync(at(file), { force: true });
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
