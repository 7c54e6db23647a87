import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Collects console errors and page errors so a journey can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Serious and critical axe violations only; the rule ids and targets make a failure readable. */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

export { expect };

/** Answers the consent banner the way a privacy-minded visitor would, so it does not cover the page. */
export async function chooseEssentialCookiesOnly(page: Page) {
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
}
