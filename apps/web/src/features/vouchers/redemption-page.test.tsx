import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupProvider } from '../../shared/popups/popup-manager.tsx';
import { RedemptionPage } from './redemption-page.tsx';
import { requestUrl } from '../../test/request-url.ts';

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

/**
 * The page's calls: rewards, balance, the redemption lock's state, and a redemption refused by the lock (one
 * turned on after the page read it).
 */
const serve = (lock: 'LOCKED' | 'UNLOCKED' = 'UNLOCKED') =>
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.includes('/offers-api/rewards')) return Promise.resolve(json({ rewards: [reward] }));
    if (url.includes('/v1/collectors/redemption-status')) return Promise.resolve(json({ status: lock }));
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
      ([, init]) => (JSON.parse(init?.body as string) as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows a redemption lock before anything is chosen, with the way to the setting, and offers no spend', async () => {
    const fetchSpy = serve('LOCKED');
    renderPage();
    expect(await screen.findByText('Your points are locked.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "While the redemption lock is on, nobody can spend this account's points. You can turn it off in your account settings.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn off the redemption lock' })).toHaveAttribute(
      'href',
      '/account/redemption-lock',
    );
    expect(screen.getAllByText('Your points are locked.')).toHaveLength(1);
    const spend = await screen.findByRole('button', { name: 'Spend points' });
    expect(spend).toBeDisabled();
    await userEvent.click(spend);
    expect(screen.queryByRole('heading', { name: 'Confirm your choice' })).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('lets a member without the lock choose, with no lock notice', async () => {
    serve('UNLOCKED');
    renderPage();
    const spend = await screen.findByRole('button', { name: 'Spend points' });
    await vi.waitFor(() => expect(spend).toBeEnabled());
    expect(screen.queryByText('Your points are locked.')).not.toBeInTheDocument();
  });

  it('offers no spend for a reward worth more than the balance', async () => {
    serve();
    vi.mocked(globalThis.fetch).mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes('/offers-api/rewards')) return Promise.resolve(json({ rewards: [reward] }));
      if (url.includes('/v1/collectors/redemption-status'))
        return Promise.resolve(json({ status: 'UNLOCKED' }));
      return Promise.resolve(json({ balance: 900, pointsValue: '£4.50' }));
    });
    renderPage();
    expect(await screen.findByText("You don't have enough points for this.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spend points' })).toBeDisabled();
  });
});
