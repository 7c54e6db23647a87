import { describe, expect, it } from 'vitest';
import { ROUTES } from '@app/contracts/routes';
import { pages } from './pages.ts';
import { PlaceholderPage } from './placeholder-page.tsx';

/** Every page a route of the table can show: its page, and the old page of a switch (the feedback route). */
const tablePages = [
  ...new Set(
    ROUTES.filter((route) => !route.catchAll).flatMap((route) => [
      route.page,
      ...(route.whenSwitchOff ? [route.whenSwitchOff.page] : []),
    ]),
  ),
].sort();

describe('no route of the table shows the placeholder', () => {
  it.each(tablePages)(
    '%s has its own page module, which is not the placeholder',
    async (page) => {
      const load = pages[page];
      expect(load, `no line for '${page}' in apps/web/src/app/pages.ts`).toBeDefined();
      const module = await load?.();
      expect(module?.Component).toBeTypeOf('function');
      expect(module?.Component).not.toBe(PlaceholderPage);
    },
    30_000,
  );
});
