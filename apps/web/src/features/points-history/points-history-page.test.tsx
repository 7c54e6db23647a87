import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PointsHistory, PointsHistoryMonth } from '@app/contracts/points-history';
import { PointsHistoryPage } from './points-history-page.tsx';

const none = { retailer: 0, fuel: 0, brands: 0, conversions: 0, other: 0 };
const months = (entries: Partial<Record<string, Partial<PointsHistoryMonth>>>, opening = 0) => {
  let balance = opening;
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(2025, 11 + i, 1));
    const month = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const entry = { month, earned: none, spent: none, ...entries[month] };
    const sum = (byGroup: typeof none) => Object.values(byGroup).reduce((a, b) => a + b, 0);
    balance += sum(entry.earned) - sum(entry.spent);
    return { ...entry, balance };
  });
};

const history: PointsHistory = {
  openingBalance: 1000,
  entries: 6,
  months: months(
    {
      '2025-12': { earned: { ...none, fuel: 200 } },
      '2026-04': { earned: { ...none, brands: 300 }, spent: { ...none, retailer: 500 } },
      '2026-05': { earned: { ...none, conversions: 800 }, spent: { ...none, conversions: 400 } },
      '2026-11': { earned: { ...none, retailer: 1250, fuel: 60 } },
    },
    1000,
  ),
};

function renderPage(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/activity/points', element: <PointsHistoryPage /> }], {
          initialEntries: ['/activity/points'],
        })}
      />
    </QueryClientProvider>,
  );
}

describe('PointsHistoryPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('holds every figure of the charts in a table, newest month first, with only the groups that had points', async () => {
    renderPage(() => Response.json(history));
    const table = await screen.findByRole('table', { name: /Your points month by month/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Month',
      'Balance at the end',
      'Points earned',
      'Points spent',
      "Sainsbury's",
      'Esso',
      'Partner brands',
      'Conversions',
      "Sainsbury's",
      'Conversions',
    ]);
    const rows = within(table).getAllByRole('rowheader');
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent('November 2026');
    expect(rows[0]).toHaveTextContent('(so far)');
    expect(rows[11]).toHaveTextContent('December 2025');
    const may = within(table).getByRole('row', { name: /May 2026/ });
    expect(
      within(may)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,400', '–', '–', '–', '800', '–', '400']);
    // The table scrolls on a phone inside a region a keyboard can reach.
    expect(screen.getByRole('region', { name: /Your points month by month/ })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // The charts are pictures of the table: hidden from assistive technology, their figures said in words.
    expect(
      screen.getByRole('figure', {
        name: /went from 1,200 points at the end of December 2025 to 2,710 points now/,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: /earned 2,610 points and spent 900 points/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Balance now').nextElementSibling).toHaveTextContent('2,710 points');
  });

  it('shows a new member an empty state, not twelve empty months', async () => {
    renderPage(() => Response.json({ openingBalance: 0, entries: 0, months: months({}) }));
    expect(await screen.findByText(/No points yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/my-offers');
  });

  it('says so when the history cannot be loaded, with a way to try again', async () => {
    renderPage(() =>
      Response.json({ code: 'SERVER_ERROR', description: 'Something went wrong' }, { status: 500 }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your points history");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
