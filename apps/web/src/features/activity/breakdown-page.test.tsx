import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Breakdown } from '@app/contracts/activity';
import { BreakdownPage } from './breakdown-page.tsx';

const breakdown: Breakdown = {
  fromDate: '2025-01-01',
  collected: 6941,
  spent: 4491,
  byPartner: [
    { partnerName: "Sainsbury's", collected: 5021, spent: 3491 },
    { partnerName: 'Argos', collected: 956, spent: 1000 },
    { partnerName: 'Esso', collected: 964, spent: 0 },
  ],
};

describe('BreakdownPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Sainsbury's was once listed twice (once collected, once '(spent)').
  it('lists each partner once, with what was collected and spent there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(breakdown)),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/activity/breakdown', element: <BreakdownPage /> }], {
            initialEntries: ['/activity/breakdown'],
          })}
        />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Points by partner' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Partner', 'Collected', 'Spent']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(["Sainsbury's", 'Argos', 'Esso']);
    expect(within(table).getByRole('row', { name: "Sainsbury's 5,021 3,491" })).toBeInTheDocument();
  });
});
