import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferSummary } from '@app/contracts/offers';
import { switchesWith, type SwitchName } from '@app/contracts/switches';
import { drawUnder } from '../../shared/switches/switches.ts';
import { balanceQueryOptions } from '../../shared/session/get-balance.ts';
import { profileQueryOptions } from '../../shared/session/get-profile.ts';
import { ToastProvider } from '../../shared/ui/toast.tsx';
import { offersQueryOptions } from './api/get-offers.ts';
import { partnerOffersQueryOptions } from './api/get-partner-offers.ts';
import { HomepagePage } from './homepage-page.tsx';

const offerOf = (
  id: string,
  category: string,
  state: OfferSummary['state'],
  points: number,
): OfferSummary => ({
  id,
  sourceType: 'PIANO',
  type: 'PRODUCT',
  state,
  isBookmarked: false,
  title: `Offer ${id}`,
  description: `${points} bonus points`,
  sponsorDisplayName: '',
  category: { key: category, name: category },
  partnerId: null,
  points,
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2027-01-01T00:00:00.000Z',
  imgUrls: {
    imageUrl: { url: '/offers-api/images/picture-bread/288.svg', versions: [] },
    sponsorImageUrl: null,
  },
  imageUrls: { logoImageUrl: null, detailImageUrl: '/offers-api/images/picture-bread/288.svg' },
  savedAt: state === 'LOADED' ? '2026-02-01T00:00:00.000Z' : null,
});

// The member saves bakery offers; of the unsaved ones, the bakery one comes first, then by points.
const offers = [
  offerOf('saved-bread', 'bakery', 'LOADED', 50),
  offerOf('fresh-croissant', 'bakery', 'UNLOADED', 20),
  offerOf('fresh-fuel', 'fuel', 'UNLOADED', 500),
  offerOf('fresh-tins', 'foodcupboard', 'UNLOADED', 100),
  offerOf('fresh-peas', 'frozen', 'UNLOADED', 10),
];

function renderHomepage(on: SwitchName[]) {
  drawUnder('local', switchesWith(on));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(profileQueryOptions().queryKey, {
    firstName: 'Ada',
    cardNumber: '98263000123456789',
  } as never);
  client.setQueryData(balanceQueryOptions().queryKey, { balance: 1200, pointsValue: '£6.00' });
  client.setQueryData(offersQueryOptions().queryKey, offers);
  client.setQueryData(partnerOffersQueryOptions().queryKey, []);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider
          router={createMemoryRouter([{ path: '/homepage', element: <HomepagePage /> }], {
            initialEntries: ['/homepage'],
          })}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  drawUnder(undefined, switchesWith([]));
});

// docs/product/switches-and-constants.md §S9
describe('homepage switch features', () => {
  it("picks section on: 'Picks for you' shows three unsaved offers, those of the categories the member saves first", async () => {
    renderHomepage(['picksSection']);
    const picks = await screen.findByRole('region', { name: 'Picks for you' });
    const titles = within(picks)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Offer fresh-croissant', 'Offer fresh-fuel', 'Offer fresh-tins']);
  });

  it('picks section off: no picks', async () => {
    renderHomepage([]);
    await screen.findByRole('heading', { name: 'Hello Ada' });
    expect(screen.queryByRole('region', { name: 'Picks for you' })).toBeNull();
  });

  it('digital week on: the seasonal banner leads to the digital card', async () => {
    renderHomepage(['digitalWeek']);
    const banner = await screen.findByRole('complementary', { name: "It's Digital Week" });
    expect(within(banner).getByRole('link', { name: 'Show my digital card' })).toHaveAttribute(
      'href',
      '/card/activity',
    );
    screen.getByRole('heading', { name: 'Hello Ada' });
  });

  it('digital week off: no banner', async () => {
    renderHomepage([]);
    await screen.findByRole('heading', { name: 'Hello Ada' });
    expect(screen.queryByRole('complementary', { name: "It's Digital Week" })).toBeNull();
  });

  it("ways to spend on: the 'Ways to spend' block links to each way", async () => {
    renderHomepage(['waysToSpend']);
    const ways = await screen.findByRole('region', { name: 'Ways to spend' });
    expect(within(ways).getByRole('link', { name: 'Vouchers and rewards' })).toHaveAttribute(
      'href',
      '/spend',
    );
    expect(within(ways).getByRole('link', { name: 'Travel' })).toHaveAttribute(
      'href',
      '/account/linked-partners',
    );
  });

  it('ways to spend off: no block', async () => {
    renderHomepage([]);
    await screen.findByRole('heading', { name: 'Hello Ada' });
    expect(screen.queryByRole('region', { name: 'Ways to spend' })).toBeNull();
  });
});
