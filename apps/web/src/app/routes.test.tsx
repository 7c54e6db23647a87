import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@app/contracts/account';
import { REDIRECTS, ROUTES, resolvePath, type IsSwitchOn } from '@app/contracts/routes';
import { SWITCH_NAMES, switchesWith, type SwitchName } from '@app/contracts/switches';
import { ToastProvider } from '../shared/ui/toast.tsx';
import type { RouteHandle } from './route-handle.ts';
import { buildRoutes } from './routes.tsx';
import { createSessionGuard } from './session-guard.ts';

const allOn: IsSwitchOn = () => true;
const only = (...names: SwitchName[]): IsSwitchOn => {
  const set = switchesWith(names);
  return (name) => set[name];
};
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, 'sample-$1').replace(/\*$/, 'anything/here');
const letIn: LoaderFunction = () => null;

async function visit(path: string, isOn: IsSwitchOn = allOn, sessionGuard: LoaderFunction = letIn) {
  // No page modules: every route shows its placeholder, so the table alone is under test.
  const router = createMemoryRouter(buildRoutes({ isOn, sessionGuard, pageModules: {} }), {
    initialEntries: [path],
  });
  // Told by the router when it settles, rather than polled every 50 ms (216 visits in this file).
  await new Promise<void>((resolve) => {
    const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (settled()) return resolve();
    const stop = router.subscribe(() => {
      if (!settled()) return;
      stop();
      resolve();
    });
  });
  const handle = router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
  return { router, handle, location: `${router.state.location.pathname}${router.state.location.search}` };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the router built from the route table', () => {
  it.each(ROUTES.filter((route) => !route.catchAll).map((route) => [route.path, route] as const))(
    '%s shows its own page',
    async (path, route) => {
      const { handle, location } = await visit(sample(path));
      expect(location).toBe(sample(path));
      expect(handle?.page).toBe(route.page);
      expect(handle?.path).toBe(route.path);
    },
  );

  it.each(REDIRECTS.map((redirect) => [redirect.from, redirect] as const))(
    '%s redirects as the server does',
    async (from) => {
      const { location } = await visit(`${sample(from)}?next=%2Fhelp`);
      const expected = resolvePath(sample(from), '?next=%2Fhelp', allOn);
      expect(expected.kind).toBe('redirect');
      expect(location).toBe(expected.kind === 'redirect' ? expected.location : '');
    },
  );

  it('leaves switch-gated routes out when their switch is off', async () => {
    for (const path of [
      '/nectar-business',
      '/nectar-business/partners',
      '/activity/receipt/r1',
      '/delete-account',
    ]) {
      expect((await visit(path, only())).handle?.page).toBe('not-found');
    }
    expect((await visit('/nectar-business', only('business'))).handle?.page).toBe('business');
    expect((await visit('/activity/receipt/r1', only('digitalReceipts'))).handle?.page).toBe(
      'digital-receipt',
    );
    expect((await visit('/delete-account', only('deleteAccount'))).handle?.page).toBe('delete-account');
  });

  it('switches the feedback page between new and old', async () => {
    expect((await visit('/feedback', only('newFeedback'))).handle?.page).toBe('feedback');
    expect((await visit('/feedback', only())).handle?.page).toBe('feedback-old');
  });

  it('agrees with the server on every route and redirect under each single switch', async () => {
    for (const name of SWITCH_NAMES) {
      const isOn = only(name);
      for (const route of ROUTES.filter((entry) => entry.switch)) {
        const expected = resolvePath(sample(route.path), '', isOn);
        const { handle } = await visit(sample(route.path), isOn);
        expect(handle?.page).toBe(expected.kind === 'page' ? route.page : 'not-found');
      }
    }
  }, 60_000);

  it('sends unknown paths to the not-found page', async () => {
    expect((await visit('/no/such/page')).handle?.page).toBe('not-found');
    expect((await visit('/id/start/nope')).handle?.page).toBe('not-found');
  });

  it('renders a placeholder page with the page name as its heading', async () => {
    vi.stubGlobal('scrollTo', () => undefined);
    const { router } = await visit('/account/comms');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact preferences' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('the session guard', () => {
  // The session check's answer (GET /customer/v2), whole: the app parses it with the contract's schema.
  const customer: Customer = {
    firstName: 'Alex',
    lastName: 'Morgan',
    title: null,
    email: 'demo@example.com',
    cardNumber: '9826300012345678901',
    externalHandle: 'c-678901',
    dateOfBirth: null,
    mobile: null,
    address: null,
    pendingEmail: null,
  };
  const profileAnswers = (status: number) =>
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify(status === 200 ? customer : { code: 'UNAUTHENTICATED' }), { status }),
        ),
    );

  it('sends a visitor without a session to card-number sign-in with next', async () => {
    profileAnswers(401);
    localStorage.setItem('sessionCreatedDate', '2026-11-01T00:00:00.000Z');
    const guard = createSessionGuard(() => Promise.resolve(new QueryClient()));
    const { location } = await visit('/account/comms?tab=email', allOn, guard);
    expect(location).toBe('/id/start/login?next=%2Faccount%2Fcomms%3Ftab%3Demail');
    expect(localStorage.getItem('sessionCreatedDate')).toBeNull();
  });

  it('lets a session holder in and marks the session', async () => {
    profileAnswers(200);
    const guard = createSessionGuard(() => Promise.resolve(new QueryClient()));
    const { location, handle } = await visit('/account/comms', allOn, guard);
    expect(location).toBe('/account/comms');
    expect(handle?.page).toBe('account-comms');
    expect(localStorage.getItem('sessionCreatedDate')).not.toBeNull();
  });

  it('does not ask about public routes', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await visit(
      '/brands',
      allOn,
      createSessionGuard(() => Promise.resolve(new QueryClient())),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
