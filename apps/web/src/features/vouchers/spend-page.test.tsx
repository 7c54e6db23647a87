import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpendPage } from './spend-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderSpend = (name: () => Response) => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(url === '/c/api/spend-document/name' ? name() : json({ rewards: [] })),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/spend', element: <SpendPage /> }], {
          initialEntries: ['/spend'],
        })}
      />
    </QueryClientProvider>,
  );
};

// docs/product/calls-and-errors.md §S7.1
describe('the spend page’s header name (GET /c/api/spend-document/name)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the name the spend document gives', async () => {
    renderSpend(() => json({ name: 'Spend your points' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend your points' })).toBeInTheDocument();
  });

  it('keeps the default while it loads and when the call fails', async () => {
    renderSpend(() => json({ code: 'DOCUMENT_NOT_FOUND', description: 'x' }, 500));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ways to spend');
    await screen.findByRole('list', { name: 'Rewards' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ways to spend');
  });
});
