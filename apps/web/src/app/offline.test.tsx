import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';
import { offerUpdate } from './app-update.ts';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { buildRoutes } from './routes.tsx';
import { createSessionGuard } from './session-guard.ts';

const goOffline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('with no network', () => {
  it('sends a visitor with nothing kept on this device from a session page to the welcome page', async () => {
    goOffline();
    // What the service worker answers for a read it has no copy of: the fetch fails.
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const router = createMemoryRouter(
      buildRoutes({
        isOn: () => true,
        sessionGuard: createSessionGuard(() =>
          Promise.resolve(new QueryClient({ defaultOptions: { queries: { retry: false } } })),
        ),
        pageModules: {},
      }),
      { initialEntries: ['/card/activity'] },
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });

  it('says so politely under the header, for a member and for a visitor, and not once back online', async () => {
    vi.stubGlobal('scrollTo', () => undefined);
    const router = createMemoryRouter([
      { element: <Layout />, children: [{ path: '/', element: <main id="main">Page</main> }] },
    ]);
    render(<RouterProvider router={router} />);
    const status = screen
      .getAllByRole('status')
      .find((region) => region.classList.contains('offline-status'));
    expect(status).toBeEmptyDOMElement();

    localStorage.setItem('sessionCreatedDate', '2026-11-01T00:00:00.000Z');
    act(goOffline);
    expect(await within(status!).findByText("You're offline")).toBeInTheDocument();
    expect(within(status!).getByText(/Your card and barcode still work at the till/)).toBeInTheDocument();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(status).toBeEmptyDOMElement();

    localStorage.clear();
    act(goOffline);
    expect(await within(status!).findByText(/Connect to the internet to log in or join/)).toBeInTheDocument();
  });

  it('says that a page never opened on this device needs a connection, with the way to the card', async () => {
    goOffline();
    localStorage.setItem('sessionCreatedDate', '2026-11-01T00:00:00.000Z');
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        hydrateFallbackElement: null,
        loader: () => {
          throw new TypeError('Failed to fetch dynamically imported module');
        },
        element: null,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page needs a connection' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Show my card' })).toHaveAttribute('href', '/card/activity');
  });
});

describe('a new version of the app', () => {
  it('is offered, never forced: "Reload now" takes it, "Later" puts it off', async () => {
    vi.stubGlobal('scrollTo', () => undefined);
    const router = createMemoryRouter([{ path: '/', element: <main>Page</main> }]);
    render(<App router={router} />);
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    expect(await screen.findByText('A new version of Nectar is ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(apply).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Nectar is ready')).not.toBeInTheDocument();
  });
});
