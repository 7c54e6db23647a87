import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_COPY_HEADER } from '@app/contracts/offline';
import { forgetCopies } from '../../shared/offline/connection.ts';
import { PointsSummary } from './points-summary.tsx';

const balance = (headers: Record<string, string> = {}) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ balance: 2450, pointsValue: '£12.25' }), {
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );

const renderSummary = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PointsSummary />
    </QueryClientProvider>,
  );

afterEach(() => {
  forgetCopies();
  vi.restoreAllMocks();
});

describe('the points summary', () => {
  it('shows the balance from the network as it is', async () => {
    balance();
    renderSummary();
    expect(await screen.findByText('2,450')).toBeInTheDocument();
    expect(screen.queryByText(/as of/)).not.toBeInTheDocument();
  });

  it("says when the device's copy of the balance is from", async () => {
    const at = new Date(2026, 10, 20, 14, 5);
    balance({ [OFFLINE_COPY_HEADER]: at.toISOString() });
    renderSummary();
    expect(await screen.findByText('2,450')).toBeInTheDocument();
    expect(screen.getByText('as of 14:05 on 20 November', { exact: false })).toBeInTheDocument();
  });
});
