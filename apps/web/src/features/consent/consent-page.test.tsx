import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsentPage } from './consent-page.tsx';

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/id/start/consent', element: <ConsentPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ConsentPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the request has expired without an interaction id', () => {
    renderAt('/id/start/consent');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This request has expired. Go back to the app and try again.',
    );
  });

  it("shows the server's message when the request is gone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(404, {
          code: 'CONSENT_EXPIRED',
          description: 'This request has expired. Go back to the app and try again.',
        }),
      ),
    );
    renderAt('/id/start/consent?uid=interaction-12345');
    expect(await screen.findByRole('alert')).toHaveTextContent('This request has expired.');
  });

  it('loads, then shows what the app asks for and sends the answer', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? answer(200, { location: '#back-to-the-provider' })
        : answer(200, {
            clientId: 'travel-partner',
            clientName: 'Example Travel',
            scopes: [
              { scope: 'openid', description: 'Know it’s you when you log in' },
              { scope: 'profile', description: 'See your name' },
            ],
          }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/id/start/consent?uid=interaction-12345');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Example Travel wants to connect to your Nectar account',
      }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'If you allow it, Example Travel will be able to:' });
    expect(list).toHaveTextContent('See your name');
    screen.getByRole('button', { name: "Don't allow" }).click();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(url).toBe('/identity-api/consent/interaction-12345');
    expect(init?.body).toBe(JSON.stringify({ allow: false }));
  });
});
