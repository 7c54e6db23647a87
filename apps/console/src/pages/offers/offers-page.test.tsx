import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '@app/contracts/staff';
import { renderConsole, stubServer } from '../../test/render-console.tsx';
import { marketer, sessionOf, staffOffer } from '../../test/offers.ts';

const offersTable = () => screen.findByRole<HTMLTableElement>('table', { name: /^Offers/ });

describe('the offers', () => {
  it('lists the offers with their kind, partner, campaign, lifecycle, dates and budget meter', async () => {
    stubServer(
      {
        'GET /staff-api/offers': () => ({
          status: 200,
          body: {
            offers: [
              staffOffer(),
              staffOffer({
                id: 'offer-2',
                kind: 'partner',
                title: 'Points on flights',
                sponsorDisplayName: 'British Airways Avios',
                campaign: null,
                lifecycle: 'draft',
                status: 'draft',
                budgetPoints: null,
                pointsIssued: 0,
                version: 2,
              }),
            ],
          },
        }),
      },
      marketer,
    );
    renderConsole('/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Find a member' })).toBeNull();

    const table = await offersTable();
    const [live, draft] = [...(table.tBodies[0]?.rows ?? [])] as HTMLElement[];
    expect(within(live as HTMLElement).getByRole('link', { name: 'Double up at the pump' })).toHaveAttribute(
      'href',
      '/offers/offer-1',
    );
    expect(live).toHaveTextContent('Bonus');
    expect(live).toHaveTextContent("Sainsbury's");
    expect(within(live as HTMLElement).getByRole('link', { name: 'Winter fuel' })).toHaveAttribute(
      'href',
      '/campaigns/Winter%20fuel',
    );
    expect(live).toHaveTextContent('Live');
    expect(live).toHaveTextContent('1 Dec 2026 to 29 Dec 2026');
    const meter = within(live as HTMLElement).getByRole('meter', { name: 'Budget of Double up at the pump' });
    expect(meter).toHaveAttribute('aria-valuetext', '12,000 of 50,000 points, 24%');
    expect(draft).toHaveTextContent('Version 2');
    expect(draft).toHaveTextContent('0 points, no budget');
    expect(draft).toHaveTextContent('Draft');
    expect(screen.getByRole('link', { name: 'New offer' })).toHaveAttribute('href', '/offers/new');
  });

  it('filters by lifecycle in the address, and says when none is in it', async () => {
    const calls = stubServer(
      { 'GET /staff-api/offers': () => ({ status: 200, body: { offers: [] } }) },
      marketer,
    );
    const router = renderConsole('/offers');
    const user = userEvent.setup();
    expect(await screen.findByText('There are no offers yet. Make the first with New offer.')).toBeVisible();
    const filter = screen.getByRole('navigation', { name: 'Filter by lifecycle' });
    expect(within(filter).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(filter).getByRole('link', { name: 'Awaiting approval' }));
    expect(router.state.location.search).toBe('?lifecycle=awaiting-approval');
    expect(await screen.findByText('No offer is waiting for approval.')).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/staff-api/offers?lifecycle=awaiting-approval');
    expect(within(filter).getByRole('link', { name: 'Awaiting approval' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows 25 offers a page, the page in the address', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      staffOffer({ id: `offer-${index + 1}`, title: `Offer ${index + 1}` }),
    );
    stubServer({ 'GET /staff-api/offers': () => ({ status: 200, body: { offers: many } }) }, marketer);
    const router = renderConsole('/offers?lifecycle=live');
    const user = userEvent.setup();
    const table = await offersTable();
    expect(table.tBodies[0]?.rows).toHaveLength(25);
    const pages = screen.getByRole('navigation', { name: 'Pages of offers' });
    expect(pages).toHaveTextContent('Offers 1 to 25 of 30, the newest first');
    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?lifecycle=live&page=2');
    expect(table.tBodies[0]?.rows).toHaveLength(5);
    expect(within(table).getByRole('link', { name: 'Offer 26' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pages of offers' })).toHaveTextContent('Page 2 of 2');
  });

  it("shows the server's refusal in its words", async () => {
    stubServer(
      {
        'GET /staff-api/offers': () => ({
          status: 403,
          body: { code: 'ROLE_REFUSED', description: staffMessages.roleRefused },
        }),
      },
      marketer,
    );
    renderConsole('/offers');
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.roleRefused);
  });

  it('opens on the offers for a campaign manager, who finds no member', async () => {
    stubServer({ 'GET /staff-api/offers': () => ({ status: 200, body: { offers: [] } }) }, marketer);
    const router = renderConsole('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  });

  it('is not for an agent: no Offers in the menu, and the page says the role may not', async () => {
    stubServer({}, sessionOf('agent'));
    renderConsole('/offers');
    expect(await screen.findByText(staffMessages.roleRefused)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Offers' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Find a member' })).toBeVisible();
  });
});
