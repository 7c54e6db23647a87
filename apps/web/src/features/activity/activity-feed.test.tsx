import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction, TransactionsResponse } from '@app/contracts/activity';
import { PopupProvider } from '../../shared/popups/popup-manager.tsx';
import { ActivityFeed } from './activity-feed.tsx';
import { requestUrl } from '../../test/request-url.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const item = (n: number): Transaction => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  date: new Date(Date.UTC(2026, 10, 1) - n * 86_400_000).toISOString(),
  points: 10 + n,
  description: `Shopping ${n}`,
  partnerKind: 'RETAILER',
  partnerName: "Sainsbury's",
  storeName: null,
  spend: null,
  saving: null,
  receiptId: null,
  voucherId: null,
});

/** Three pages: 20, 20 and 5 items; the first says the feed is DELAYED. */
const serve = () =>
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const page = Number(url.searchParams.get('nextToken') ?? '0');
    const size = page === 2 ? 5 : 20;
    const body: TransactionsResponse = {
      items: Array.from({ length: size }, (_, i) => item(page * 20 + i)),
      nextToken: page < 2 ? String(page + 1) : null,
      transactionFeedStatus: page === 0 ? 'DELAYED' : 'OK',
      hasMore: page < 2,
    };
    return Promise.resolve(json(body));
  });

const renderFeed = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PopupProvider>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <ActivityFeed /> }])} />
      </PopupProvider>
    </QueryClientProvider>,
  );

describe('the activity feed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('appends pages while more exist, says when the feed is delayed, and a refresh starts again', async () => {
    const fetchSpy = serve();
    renderFeed();
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Transactions can take up to 48 hours to appear.')).toBeInTheDocument();
    expect(screen.getByText(/taking longer than usual to reach us/)).toBeInTheDocument();
    expect(requestUrl(fetchSpy.mock.calls[0]?.[0])).toContain('pageSize=20');

    await userEvent.click(screen.getByRole('button', { name: 'Show more activity' }));
    await screen.findByText('Shopping 39');
    await userEvent.click(screen.getByRole('button', { name: 'Show more activity' }));
    await screen.findByText('Shopping 44');
    expect(within(list).getAllByRole('listitem')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more activity' })).toBeNull();
    expect(screen.getByText("That's all your activity since 1 January 2025.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('button', { name: 'Show more activity' });
    expect(within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem')).toHaveLength(
      20,
    );
  });
});
