import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createConsoleQueryClient, sendToSignIn } from '../app/query-client.ts';
import { consoleRoutes } from '../app/router.tsx';

/** An answer of the stub server: its status and JSON body. */
export interface StubAnswer {
  status: number;
  body?: unknown;
}

/** One call the page made: its method, path with query, headers and body (parsed when JSON). */
export interface MadeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: MadeCall) => StubAnswer;

/** An agent's session, as GET /staff-api/session answers it. */
export const agent = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'agent@example.com',
  name: 'Avery Agent',
  role: 'agent',
  actions: ['search', 'viewMember', 'reveal', 'adjustPoints', 'blockCard', 'clearLockout'],
};

/**
 * Stubs fetch with `routes`, keyed by "METHOD /path" (without the query); a call to any other path fails the
 * test. The session read answers `session` unless a route says otherwise. Answers the calls made, in order.
 */
export function stubServer(routes: Record<string, Handler>, session: unknown = agent) {
  const calls: MadeCall[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const json = headers['content-type'] === 'application/json' && typeof init.body === 'string';
    const call: MadeCall = {
      method,
      url: input,
      headers,
      // A JSON body parsed; any other (a file sent as it is) as it was given.
      body: json ? JSON.parse(init.body as string) : (init.body ?? undefined),
    };
    calls.push(call);
    const key = `${method} ${input.split('?')[0] ?? ''}`;
    const handler =
      routes[key] ?? (key === 'GET /staff-api/session' ? () => ({ status: 200, body: session }) : undefined);
    if (!handler) throw new Error(`No stub for ${key}`);
    const { status, body } = handler(call);
    await Promise.resolve();
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/**
 * The console's routes with every page's module loaded before any test renders, so a test waits for its page's
 * data, never for a module the app loads when the page is first opened (router.tsx).
 */
async function loaded(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(
      async ({ lazy, children, ...route }) =>
        ({
          ...route,
          ...(typeof lazy === 'function' ? await lazy() : {}),
          ...(children ? { children: await loaded(children) } : {}),
        }) as RouteObject,
    ),
  );
}
const loadedRoutes = await loaded(consoleRoutes);

/** The console at `path`, in a memory router, with the app's own query client (and its 401 handling). */
export function renderConsole(path: string) {
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [path] });
  const queryClient = createConsoleQueryClient(sendToSignIn(router));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
