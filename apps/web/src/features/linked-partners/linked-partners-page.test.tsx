import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REDEMPTION_LOCK_MESSAGE,
  SP_ERROR,
  SP_MESSAGE,
  linkedPartnerMessages,
  type LinkedPartnersResponse,
} from '@app/contracts/linked-partners';
import { LinkedPartnersPage } from './linked-partners-page.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const partner = (partnerId: 'AVIOS' | 'HOTELSCOM', linked: boolean) => ({
  partnerId,
  kind: partnerId === 'AVIOS' ? 'airline' : 'hotel',
  name: partnerId === 'AVIOS' ? 'British Airways Avios' : 'Hotels.com',
  pointsName: partnerId === 'AVIOS' ? 'Avios' : 'Hotels.com points',
  brandDetailsKey: partnerId === 'AVIOS' ? 'british-airways-avios' : 'hotels-com',
  membershipLabel: 'Membership number',
  linked: linked
    ? {
        membershipNumberMasked: '******5678',
        linkedAt: '2026-11-01T00:00:00.000Z',
        linkType: 'link',
        partnerBalance: 300,
      }
    : null,
  linkUnlinkCount: linked ? 1 : 4,
  linkUnlinkCap: 4,
  transfersToday: 0,
  pointsToday: 0,
  pendingTransfers: [] as LinkedPartnersResponse['partners'][number]['pendingTransfers'],
});

const serve = (body: LinkedPartnersResponse) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(body)));

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/account/linked-partners', element: <LinkedPartnersPage /> }], {
          initialEntries: ['/account/linked-partners'],
        })}
      />
    </QueryClientProvider>,
  );

describe('linked partners page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('shows each partner, the cap reached, the redemption lock, and the SP_MESSAGE left by the 2FA step once', async () => {
    serve({
      partners: [partner('AVIOS', false), partner('HOTELSCOM', true)] as LinkedPartnersResponse['partners'],
      nectarBalance: 2450,
      redemptionLocked: true,
    });
    window.localStorage.setItem(SP_MESSAGE, "You've redeemed your points!");
    renderPage();
    expect(await screen.findByRole('region', { name: 'Hotels.com' })).toHaveTextContent(
      '300 Hotels.com points',
    );
    expect(screen.getByRole('status')).toHaveTextContent("You've redeemed your points!");
    expect(screen.getByText("You've used all 4 links and unlinks for this account.")).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(REDEMPTION_LOCK_MESSAGE);
    expect(window.localStorage.getItem(SP_MESSAGE)).toBeNull();
  });

  it('tells the member a conversion that did not finish is being refunded', async () => {
    const hotel = partner('HOTELSCOM', true);
    hotel.pendingTransfers = [
      {
        id: 'transfer-1',
        partnerId: 'HOTELSCOM',
        conversionType: 'NECTAR_TO_PARTNER',
        direction: 'NTP',
        pointsGiven: 400,
        pointsReceived: 200,
        status: 'PENDING',
        createdAt: '2026-11-26T10:05:00.000Z',
      },
    ];
    serve({
      partners: [hotel] as LinkedPartnersResponse['partners'],
      nectarBalance: 600,
      redemptionLocked: false,
    });
    renderPage();
    const region = await screen.findByRole('region', { name: 'Hotels.com' });
    expect(region).toHaveTextContent('400 points to 200 Hotels.com points');
    expect(region).toHaveTextContent(linkedPartnerMessages.common.BEING_REFUNDED('Hotels.com'));
  });

  it('shows an SP_ERROR as an alert', async () => {
    serve({
      partners: [partner('AVIOS', true)] as LinkedPartnersResponse['partners'],
      nectarBalance: 0,
      redemptionLocked: false,
    });
    window.localStorage.setItem(SP_ERROR, 'We could not convert your points.');
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not convert your points.');
    expect(window.localStorage.getItem(SP_ERROR)).toBeNull();
  });
});
