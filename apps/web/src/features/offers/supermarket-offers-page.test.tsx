import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupermarketOffersPage } from './supermarket-offers-page.tsx';
import { requestUrl } from '../../test/request-url.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers the page's two calls: the offers list (empty) and the member-price feature state. */
const serve = (memberPrices: { enabled: boolean; message: string | null }) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = requestUrl(input);
    if (url.includes('/feature/detailed-states/NECTAR_PRICES')) {
      return Promise.resolve(json({ feature: 'NECTAR_PRICES', ...memberPrices }));
    }
    return Promise.resolve(json({ offers: [], timestamp: new Date().toISOString() }));
  });

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/offers/sainsburys', element: <SupermarketOffersPage /> }], {
          initialEntries: [path],
        })}
      />
    </QueryClientProvider>,
  );

describe('member-price availability on the supermarket offers page', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says so when the operator has paused member prices, with the operator's message", async () => {
    const fetchSpy = serve({ enabled: false, message: 'Nectar Prices are paused until Monday.' });
    renderAt('/offers/sainsburys?filter=your-nectar-prices');
    expect(await screen.findByText('Nectar Prices are paused until Monday.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(
      fetchSpy.mock.calls.some(([url]) => requestUrl(url).includes('detailed-states/NECTAR_PRICES')),
    ).toBe(true);
  });

  it('says nothing while member prices are available, or on the bonus list', async () => {
    serve({ enabled: true, message: null });
    renderAt('/offers/sainsburys?filter=your-nectar-prices');
    expect(await screen.findByText(/There are no offers here right now/)).toBeInTheDocument();
    expect(screen.queryByText(/aren't available|paused/)).toBeNull();
  });

  // docs/product/signed-in-pages.md §S2.6
  it("heads the member-price list's categories 'All Prices', and the others' 'All categories'", async () => {
    serve({ enabled: true, message: null });
    renderAt('/offers/sainsburys?filter=your-nectar-prices');
    expect(await screen.findByRole('radio', { name: 'All Prices' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'All categories' })).toBeNull();
  });

  it("heads the bonus list's categories 'All categories'", async () => {
    serve({ enabled: true, message: null });
    renderAt('/offers/sainsburys?filter=bonus');
    expect(await screen.findByRole('radio', { name: 'All categories' })).toBeChecked();
  });
});
