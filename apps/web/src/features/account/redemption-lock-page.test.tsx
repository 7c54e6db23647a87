import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedemptionLockPage } from './redemption-lock-page.tsx';

describe('RedemptionLockPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  // After locking, the page once said 'Your points are locked.' twice (status and notice).
  it("says 'Your points are locked.' once after locking", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        Response.json({ status: init?.method === 'PUT' ? 'LOCKED' : 'UNLOCKED' }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: '/account/redemption-lock', element: <RedemptionLockPage /> }],
            {
              initialEntries: ['/account/redemption-lock'],
            },
          )}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Your points are not locked.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lock my points' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your points are locked.');
    expect(screen.getAllByText('Your points are locked.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Unlock my points' })).toBeInTheDocument();
  });
});
