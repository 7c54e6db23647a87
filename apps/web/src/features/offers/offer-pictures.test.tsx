import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Offer } from '@app/contracts/offers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../shared/ui/toast.tsx';
import { OfferDetailsPage } from './offer-details-page.tsx';
import { OffersByTypePage } from './offers-by-type-page.tsx';
import { SupermarketOffersPage } from './supermarket-offers-page.tsx';
import { requestUrl } from '../../test/request-url.ts';

const picture = (key: string) => ({
  url: `/offers-api/images/picture-${key}/1360.svg`,
  versions: [288, 400, 576, 768, 1024, 1360].map((width) => ({
    width,
    url: `/offers-api/images/picture-${key}/${width}.svg`,
  })),
});

const offer = (overrides: Partial<Offer>): Offer => ({
  id: 'piano-001',
  sourceType: 'PIANO',
  type: 'PRODUCT',
  state: 'UNLOADED',
  isBookmarked: false,
  // Long enough that the old artwork cut it short with an ellipsis.
  title: '200 bonus points on sourdough loaves and every other bread in the bakery aisle this week',
  description: 'Collect 200 extra points when you buy sourdough loaves.',
  sponsorDisplayName: "Sainsbury's",
  howTo: '<ol><li>Save this offer to your card.</li></ol>',
  category: { key: 'bakery', name: 'Bakery' },
  partnerId: null,
  points: 200,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2027-01-31T23:59:59.000Z',
  terms: 'Once per card.',
  imgUrls: { imageUrl: picture('bread'), sponsorImageUrl: null },
  imageUrls: { logoImageUrl: null, detailImageUrl: picture('bread').url },
  savedAt: null,
  ...overrides,
});

const bread = offer({});
const partner = offer({
  id: 'coalition-004',
  sourceType: 'COALITION',
  type: 'OPTIN',
  state: 'NOTOPTEDIN',
  isBookmarked: true,
  title: 'Book Nook: Collect 4 points per £1 on every book',
  sponsorDisplayName: 'Book Nook',
  category: { key: 'books', name: 'Books' },
  partnerId: 'booknook',
  imgUrls: { imageUrl: picture('books'), sponsorImageUrl: '/offers-api/images/partner-booknook/288.svg' },
  imageUrls: { logoImageUrl: '/offers-api/images/partner-booknook/288.svg', detailImageUrl: '' },
  savedAt: '2026-11-20T10:00:00.000Z',
});
const saved = offer({
  id: 'piano-002',
  title: '75 bonus points on sparkling water',
  state: 'LOADED',
  savedAt: '2026-11-21T10:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers the pages' calls: the retailer's offers, the partner offers, one offer, member-price state. */
function serve() {
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = requestUrl(input);
    const timestamp = new Date().toISOString();
    if (url.includes('/feature/detailed-states/'))
      return Promise.resolve(json({ enabled: true, message: null }));
    if (url.includes('source=COALITION')) return Promise.resolve(json({ offers: [partner], timestamp }));
    if (url.includes('/offers-api/offers/')) return Promise.resolve(json(bread));
    return Promise.resolve(json({ offers: [bread, saved], timestamp }));
  });
}

function renderAt(path: string) {
  const page = (element: ReactNode) => <ToastProvider>{element}</ToastProvider>;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/offers/sainsburys', element: page(<SupermarketOffersPage />) },
            { path: '/offers/:offerType', element: page(<OffersByTypePage />) },
            { path: '/offer-details/food/:offerId', element: page(<OfferDetailsPage />) },
          ],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
  );
}

/** axe's heading-order rule on the rendered page (a moderate finding of an accessibility review). */
async function headingOrderViolations(container: HTMLElement) {
  const results = await axe.run(container, { runOnly: ['heading-order'] });
  return results.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
}

describe('offer cards', () => {
  afterEach(() => vi.restoreAllMocks());

  it('show the category picture as decoration and the whole title, beside it rather than on it', async () => {
    serve();
    renderAt('/offers/sainsburys');
    const card = await screen.findByRole('article', { name: bread.title });
    // The picture is decorative: an empty alt, so it is not in the accessibility tree as an image.
    const img = card.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
    expect(img?.getAttribute('src')).toBe('/offers-api/images/picture-bread/288.svg');
    expect(within(card).queryByRole('img')).toBeNull();
    // The title is text of its own, whole, not part of the picture.
    expect(within(card).getByRole('heading', { level: 2, name: bread.title })).toBeVisible();
    expect(within(card).getByRole('link', { name: bread.title })).toHaveAttribute(
      'href',
      '/offer-details/food/piano-001',
    );
    expect(within(card).getByText('Ends 31 January 2027')).toBeVisible();
  });

  it("show a partner's logo by its name, not over the picture or the title", async () => {
    serve();
    renderAt('/offers/saved');
    const card = await screen.findByRole('article', { name: partner.title });
    const sponsor = within(card).getByText('Book Nook').closest('p');
    expect(sponsor?.querySelector('img')).toHaveAttribute(
      'src',
      '/offers-api/images/partner-booknook/288.svg',
    );
    expect(sponsor?.querySelector('img')).toHaveAttribute('alt', '');
    expect(card.querySelector('.offer-image img[src*="partner-"]')).toBeNull();
  });

  it('keep the heading order on the supermarket offers page and the saved offers screen', async () => {
    serve();
    const supermarket = renderAt('/offers/sainsburys');
    await screen.findByRole('article', { name: bread.title });
    expect(await headingOrderViolations(supermarket.container)).toEqual([]);
    supermarket.unmount();

    const savedScreen = renderAt('/offers/saved');
    await screen.findByRole('article', { name: partner.title });
    expect(screen.getByRole('heading', { level: 1, name: 'Your saved offers' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(await headingOrderViolations(savedScreen.container)).toEqual([]);
  });
});

describe('offer details', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lead back to their list and set the end date out as a labelled fact', async () => {
    serve();
    renderAt('/offer-details/food/piano-001');
    expect(await screen.findByRole('heading', { level: 1, name: bread.title })).toBeVisible();
    expect(screen.getByRole('link', { name: "Back to Sainsbury's offers" })).toHaveAttribute(
      'href',
      '/offers/sainsburys',
    );
    const ends = screen.getByText('Ends').closest('div');
    expect(ends).toHaveTextContent('Ends31 January 2027');
    expect(within(ends as HTMLElement).getByText('31 January 2027').tagName).toBe('DD');
    expect(screen.getByText('Bakery').tagName).toBe('DD');
  });
});
