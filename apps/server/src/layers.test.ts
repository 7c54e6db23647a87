import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// The fixture files do not exist, so the type-checked rules (which read the TypeScript program) are left out:
// the import rules under test need no types.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

/** The rule ids a file with this source, at this path, is refused for (the file need not exist). */
async function refusals(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

/** The layers of docs/architecture.md, as lint enforces them (eslint.config.js). */
describe('the import rules between layers', { timeout: 60_000 }, () => {
  it('refuses a module in lib/ and db/, a plugin in lib/, and a module in a plugin', async () => {
    expect(
      await refusals(
        'apps/server/src/lib/fixture.ts',
        "export { listBrands } from '../modules/brands/repository.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await refusals(
        'apps/server/src/db/fixture.ts',
        "export { createBrandService } from '../modules/brands/service.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await refusals(
        'apps/server/src/lib/fixture.ts',
        "export { SESSION_COOKIE } from '../plugins/session.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await refusals(
        'apps/server/src/plugins/fixture.ts',
        "export { offersRoutes } from '../modules/offers/routes.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it("refuses another module's repository, and allows its service.ts", async () => {
    expect(
      await refusals(
        'apps/server/src/modules/card/fixture.ts',
        "export { listBrands } from '../brands/repository.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await refusals(
        'apps/server/src/modules/card/fixture.ts',
        "export { createBrandService } from '../brands/service.ts';\n",
      ),
    ).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses one web feature importing another, and allows shared/', async () => {
    expect(
      await refusals(
        'apps/web/src/features/offers/fixture.ts',
        "export { BrandsPage } from '../brands/brands-page.tsx';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await refusals(
        'apps/web/src/features/offers/fixture.ts',
        "export { Alert } from '../../shared/ui/alert.tsx';\n",
      ),
    ).not.toContain('import-x/no-restricted-paths');
  });
});
