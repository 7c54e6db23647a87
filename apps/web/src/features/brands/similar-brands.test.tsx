import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Brand } from '@app/contracts/brands';
import { switchesWith, type SwitchName } from '@app/contracts/switches';
import { drawUnder } from '../../shared/switches/switches.ts';
import { requestUrl } from '../../test/request-url.ts';
import { BrandDetailsPage } from './brand-details-page.tsx';

const brandOf = (name: string, categoryKeys: string[]): Brand => ({
  brandDetailsKey: name.toLowerCase(),
  name,
  imageUrls: { logoImageUrl: `/logos/${name}.svg` },
  isVldx: false,
  categoryKeys,
  collectRate: '1 point per £1',
  spendRate: null,
  collect: true,
  redeem: false,
  description: `${name} sells things.`,
  bonus: null,
  linkedPartnerId: null,
});
const asos = brandOf('ASOS', ['fashion']);
const brands = [
  asos,
  brandOf('Boden', ['fashion']),
  brandOf('Currys', ['electronics']),
  brandOf('Argos', ['electronics', 'home-and-garden', 'fashion']),
  brandOf('Expedia', ['travel']),
];

function renderBrand(on: SwitchName[]) {
  drawUnder('local', switchesWith(on));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = requestUrl(input);
      if (url.endsWith('/brands/asos')) return Response.json(asos);
      if (url.includes('/bonus/')) return Response.json({ bonus: null });
      return Response.json({ brands, categories: [] });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/brands/:brandDetailsKey', element: <BrandDetailsPage /> }], {
          initialEntries: ['/brands/asos'],
        })}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  drawUnder(undefined, switchesWith([]));
});

// docs/product/switches-and-constants.md §S9
describe('the similar brands switch on the brand page', () => {
  it('on: a similar-brands block shows the other brands of the same category, not the brand itself', async () => {
    renderBrand(['similarBrands']);
    const block = await screen.findByRole('region', { name: 'Similar brands' });
    const names = within(block)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(names).toEqual(['/brands/argos', '/brands/boden']);
  });

  it('off: no similar brands', async () => {
    renderBrand([]);
    await screen.findByRole('heading', { level: 1, name: 'ASOS' });
    expect(screen.queryByRole('region', { name: 'Similar brands' })).toBeNull();
  });
});
