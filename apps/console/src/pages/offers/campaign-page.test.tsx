import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '@app/contracts/staff';
import { renderConsole, stubServer } from '../../test/render-console.tsx';
import { marketer, performance, staffOffer } from '../../test/offers.ts';

describe("a campaign's page", () => {
  it('lists its offers and what they did together: figures, chart’s table and CSV', async () => {
    stubServer(
      {
        'GET /staff-api/campaigns/Winter%20fuel/performance': () => ({
          status: 200,
          body: {
            campaign: 'Winter fuel',
            offers: [staffOffer(), staffOffer({ id: 'offer-2', title: 'Car wash bonus', pointsIssued: 0 })],
            performance: performance({ pointsIssued: 48_000, budgetPoints: 50_000, costPence: 24_000 }),
          },
        }),
      },
      marketer,
    );
    renderConsole('/campaigns/Winter%20fuel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter fuel' })).toBeVisible();
    const offers = await screen.findByRole('table', { name: 'Offers of the campaign Winter fuel' });
    expect(within(offers).getByRole('link', { name: 'Car wash bonus' })).toHaveAttribute(
      'href',
      '/offers/offer-2',
    );
    const together = screen.getByRole('region', { name: 'What its offers did together' });
    expect(
      within(together).getByRole('meter', {
        name: 'Points issued of the budgets of the campaign Winter fuel',
      }),
    ).toHaveAttribute('aria-valuetext', '48,000 of 50,000 points, 96%');
    expect(together).toHaveTextContent('Cost£240.00');
    expect(within(together).getByRole('table', { name: 'Payouts, points and cost by day' })).toBeVisible();
    expect(within(together).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/staff-api/campaigns/Winter%20fuel/performance.csv',
    );
  });

  it("says so in the server's words when it cannot be read", async () => {
    stubServer(
      {
        'GET /staff-api/campaigns/Nope/performance': () => ({
          status: 403,
          body: { code: 'ROLE_REFUSED', description: staffMessages.roleRefused },
        }),
      },
      marketer,
    );
    renderConsole('/campaigns/Nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.roleRefused);
  });
});
