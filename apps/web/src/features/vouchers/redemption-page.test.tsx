import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupProvider } from '../../shared/popups/popup-manager.tsx';
import { RedemptionPage } from './redemption-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const reward = {
  id: 'retailer-5',
  partnerName: "Sainsbury's",
  itemDescription: "£5 off your shopping at Sainsbury's",
  points: 1000,
  value: '£5.00',
  logoImageLocation: '',
};

/** The page's calls: rewards, balance, and a redemption refused by the redemption lock. */
const serve = () =>
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/offers-api/rewards')) return Promise.resolve(json({ rewards: [reward] }));
    if (url.includes('/balance-api/balance'))
      return Promise.resolve(json({ balance: 2450, pointsValue: '£12.25' }));
    if (url.includes('/offers-api/redemptions') && init?.method === 'POST') {
      return Promise.resolve(
        json(
          { code: 'REDEMPTION_LOCKED', description: "you can't spend points with this account right now" },
          403,
        ),
      );
    }
    return Promise.resolve(json({}, 404));
  });

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PopupProvider>
        <RouterProvider
          router={createMemoryRouter([{ path: '/redemption', element: <RedemptionPage /> }], {
            initialEntries: ['/redemption'],
          })}
        />
      </PopupProvider>
    </QueryClientProvider>,
  );

describe('spending points', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the redemption lock in the spec's words, and a retry sends the same idempotency key", async () => {
    const fetchSpy = serve();
    renderPage();
    expect(await screen.findByText('2,450')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Spend points' }));
    expect(
      screen.getByText("Spend 1,000 points on £5 off your shopping at Sainsbury's?"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "you can't spend points with this account right now",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const posts = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map(
      ([, init]) => (JSON.parse(String(init?.body)) as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('offers no spend for a reward worth more than the balance', async () => {
    serve();
    vi.mocked(globalThis.fetch).mockImplementation((input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/offers-api/rewards')) return Promise.resolve(json({ rewards: [reward] }));
      return Promise.resolve(json({ balance: 900, pointsValue: '£4.50' }));
    });
    renderPage();
    expect(await screen.findByText("You don't have enough points for this.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spend points' })).toBeDisabled();
  });
});
