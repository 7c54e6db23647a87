import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Brand } from '@app/contracts/brands';
import { PARTNERS_COUNT } from '@app/contracts/ui-constants';
import { BrandsPage } from './brands-page.tsx';
import { BrandsSearchPage } from './brands-search-page.tsx';

const brandOf = (name: string, rates: { collectRate: string; spendRate: string | null }): Brand => ({
  brandDetailsKey: name.toLowerCase(),
  name,
  imageUrls: { logoImageUrl: `/logos/${name}.svg` },
  isVldx: false,
  categoryKeys: [],
  ...rates,
  collect: true,
  redeem: rates.spendRate !== null,
  description: '',
  bonus: null,
  linkedPartnerId: null,
});
const esso = brandOf('Esso', { collectRate: '1 point per litre', spendRate: '200 points = £1 off fuel' });
const argos = brandOf('Argos', {
  collectRate: '1 point per £1',
  spendRate: '200 points = £1 off in store and online',
});
const asos = brandOf('ASOS', { collectRate: '2 points per £1', spendRate: null });

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/brands', element: <BrandsPage /> },
      { path: '/brands/search', element: <BrandsSearchPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('the brands pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("'Ways to spend' shows how points are spent with each brand, not how they are collected", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('type=redeem')) {
          return Response.json({
            type: 'redeem',
            title: 'Ways to spend your Nectar points',
            brands: [esso, argos],
          });
        }
        if (url.includes('type=collect')) {
          return Response.json({ type: 'collect', title: 'Ways to collect', brands: [esso, asos] });
        }
        return Response.json({ brands: [esso, argos, asos], categories: [] });
      }),
    );
    renderAt('/brands');
    const spend = await screen.findByRole('region', { name: 'Ways to spend your Nectar points' });
    expect(await within(spend).findByRole('link', { name: /Esso/ })).toHaveTextContent(
      '200 points = £1 off fuel',
    );
    expect(within(spend).getByRole('link', { name: /Argos/ })).toHaveTextContent(
      '200 points = £1 off in store and online',
    );
    expect(within(spend).queryByText('1 point per litre')).not.toBeInTheDocument();
    const collect = screen.getByRole('region', { name: 'Ways to collect' });
    expect(within(collect).getByRole('link', { name: /Esso/ })).toHaveTextContent('1 point per litre');
  });

  // docs/product/switches-and-constants.md §S9
  it("says how many partners there are from the one constant: 'Partners count shown 500'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ type: 'collect', title: 'Ways to collect', brands: [], categories: [] }),
      ),
    );
    renderAt('/brands');
    expect(
      await screen.findByText(
        `Collect Nectar points with our ${PARTNERS_COUNT} partners, and spend them with many of them.`,
      ),
    ).toBeInTheDocument();
    expect(PARTNERS_COUNT).toBe(500);
  });

  it('search filters while the member types, and the count changes in a polite live region', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const search = new URL(url, 'http://localhost').searchParams.get('search') ?? '';
        asked.push(search);
        const brands = [esso, argos, asos].filter((b) => b.name.toLowerCase().includes(search.toLowerCase()));
        return Response.json({ brands, categories: [] });
      }),
    );
    const router = renderAt('/brands/search');
    const results = await screen.findByRole('region', { name: 'Search results' });
    expect(await within(results).findByText('3 brands')).toHaveAttribute('aria-live', 'polite');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Brand name' }), 'argos');
    // No Enter: a short pause after typing filters the list, well within a second.
    expect(await within(results).findByText('1 brand', {}, { timeout: 1000 })).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(within(results).getByRole('link', { name: /Argos/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=argos');
    // A question after a pause, not one a key press.
    expect(asked.at(-1)).toBe('argos');
    expect(asked.length).toBeLessThanOrEqual(3);
  });
});
