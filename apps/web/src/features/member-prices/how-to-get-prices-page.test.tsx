import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceCataloguePage, PriceRow } from '@app/contracts/member-prices';
import { PopupProvider } from '../../shared/popups/popup-manager.tsx';
import { HowToGetPricesPage } from './how-to-get-prices-page.tsx';

const rowOf = (n: number, category: PriceRow['category'] = 'Bakery'): PriceRow => ({
  productDescription: `Product ${n}`,
  productImage: `/offers-api/images/picture-bread/288.svg`,
  memberPrice: '£0.79',
  normalPrice: '£0.94',
  category,
  sku: `700${n}`,
  discount: '£0.15',
  basePrice: '£0.94',
  calculated: '£0.79',
  matchMemberPriceAndDiscount: 1,
  matchNormalPriceAndBasePrice: 1,
});

/** A catalogue of 50 rows as the server pages it: 24, 24, 2. */
function answer(url: string): PriceCataloguePage {
  const query = new URL(url, 'http://localhost').searchParams;
  const page = Number(query.get('page'));
  const category = query.get('category') ?? 'all';
  const total = category === 'all' ? 50 : 3;
  const rows = Array.from({ length: total }, (_, i) =>
    rowOf(i + 1, category === 'all' ? 'Bakery' : 'Frozen'),
  );
  return {
    category,
    page,
    pageSize: 24,
    pageCount: Math.ceil(total / 24),
    total,
    categories: [],
    rows: rows.slice((page - 1) * 24, page * 24),
    terms: {
      title: 'Nectar Prices terms',
      validFrom: '12 Feb',
      validTo: '3 Mar 2020',
      paragraphs: ['Aged 18 or over.'],
    },
  };
}

function renderAt(path: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json(answer(url));
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/how-to-get-nectar-prices', element: <HowToGetPricesPage /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PopupProvider>
        <RouterProvider router={router} />
      </PopupProvider>
    </QueryClientProvider>,
  );
  return { router, asked };
}

const productRows = () => within(screen.getByRole('table')).getAllByRole('rowheader');

describe('the member-price catalogue page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a page of 24 from the server with each product image, the normal price, the member price and the saving', async () => {
    const { asked } = renderAt('/how-to-get-nectar-prices');
    await screen.findByRole('table', { name: 'All Nectar Prices' });
    expect(asked[0]).toBe('/documents-api/member-prices/catalogue.json?category=all&page=1');
    expect(productRows()).toHaveLength(24);
    expect(screen.getByText('50 products, page 1 of 3')).toBeInTheDocument();
    const first = screen.getByRole('row', { name: /Product 1\b/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Bakery', '£0.94', '£0.79', '£0.15']);
    const images = screen.getByRole('table').querySelectorAll('img');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('width', '56');
    expect(images[10]).toHaveAttribute('loading', 'lazy');
    // The check columns are data for the catalogue, not for members.
    expect(screen.queryByText('Calculated')).not.toBeInTheDocument();
  });

  it('pages by 24 with Previous and Next page links, and keeps the page in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/how-to-get-nectar-prices');
    const pages = await screen.findByRole('navigation', { name: 'Pages of prices' });
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    await screen.findByText('50 products, page 2 of 3');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('row', { name: /Product 25\b/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nectar Prices on groceries' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByText('50 products, page 3 of 3');
    expect(productRows()).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/how-to-get-nectar-prices?page=2',
    );
  });

  it("filters by category key with 'All Prices' first, back to the first page", async () => {
    const user = userEvent.setup();
    const { router, asked } = renderAt('/how-to-get-nectar-prices?page=2');
    await screen.findByText('50 products, page 2 of 3');
    const group = screen.getByRole('group', { name: 'Category' });
    expect(within(group).getAllByRole('radio')[0]).toHaveAccessibleName('All Prices');
    await user.click(within(group).getByRole('radio', { name: 'Fruit & vegetables' }));
    await screen.findByText('3 products in Fruit & vegetables');
    expect(router.state.location.search).toBe('?category=fruit%26vegetables');
    expect(asked.at(-1)).toBe(
      '/documents-api/member-prices/catalogue.json?category=fruit%26vegetables&page=1',
    );
    expect(screen.queryByRole('navigation', { name: 'Pages of prices' })).not.toBeInTheDocument();
  });

  it('opens the catalogue terms (PRICES_TNC) with the dates as the data gives them', async () => {
    const user = userEvent.setup();
    renderAt('/how-to-get-nectar-prices');
    expect(await screen.findByText(/Prices valid from 12 Feb to 3 Mar 2020\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Terms and conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nectar Prices terms' });
    expect(dialog).toHaveTextContent('Valid from 12 Feb to 3 Mar 2020.');
    expect(dialog).toHaveTextContent('Aged 18 or over.');
  });
});
