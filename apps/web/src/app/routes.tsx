import type { LoaderFunction, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import {
  REDIRECTS,
  ROUTES,
  isRouteEnabled,
  pageOf,
  resolvePath,
  type IsSwitchOn,
} from '@app/contracts/routes';
import { withChunkReload } from './chunk-retry.ts';
import type { RouteHandle } from './route-handle.ts';
import { Layout } from './layout.tsx';
import { PAGES_WITHOUT_SERVER_DATA } from './page-needs.ts';
import { pages, type LazyPage } from './pages.ts';
import { RouteError } from './route-error.tsx';

/*
 * TO ADD A PAGE: do not add routes here. Paths live in the shared table (`@app/contracts/routes`, ROUTES), and
 * each route names its page; add one line `'<page>': () => import('../features/<feature>/<page>-page.tsx')`
 * to ./pages.ts (the page module ends `export { <Page> as Component }`). Pages without a line show a
 * placeholder with the page's title.
 */

const placeholder: LazyPage = () => import('./placeholder-page.tsx');

/** A page module wrapped in the query client provider, both loaded together. */
const withQueryShell =
  (load: LazyPage): LazyPage =>
  async () => {
    const [{ Component: Page, loader }, { QueryShell }] = await Promise.all([
      load(),
      import('../shared/query/query-shell.tsx'),
    ]);
    const Component = () => (
      <QueryShell>
        <Page />
      </QueryShell>
    );
    return loader ? { Component, loader } : { Component };
  };

const redirectLoader =
  (isOn: IsSwitchOn): LoaderFunction =>
  ({ request }) => {
    const url = new URL(request.url);
    const resolution = resolvePath(url.pathname, url.search, isOn);
    return resolution.kind === 'redirect' ? redirect(resolution.location) : null;
  };

export interface BuildRoutesOptions {
  isOn: IsSwitchOn;
  /** The loader in front of session routes (session-guard.ts). */
  sessionGuard: LoaderFunction;
  /** Page modules by page name; defaults to pages.ts. */
  pageModules?: Partial<Record<string, LazyPage>>;
}

/**
 * The router's table, built from the shared route table (`@app/contracts/routes`) under the current
 * switches: a switch-gated route whose switch is off is left out, so its path reaches the not-found page.
 */
export function buildRoutes({ isOn, sessionGuard, pageModules = pages }: BuildRoutesOptions): RouteObject[] {
  const toRouteObject = (route: (typeof ROUTES)[number]): RouteObject => {
    const { page, title } = pageOf(route, isOn);
    const handle: RouteHandle = { page, title, access: route.access, path: route.path };
    const module = pageModules[page];
    const load = !module
      ? placeholder
      : PAGES_WITHOUT_SERVER_DATA.has(page)
        ? module
        : withQueryShell(module);
    return { path: route.path, lazy: withChunkReload(load), handle };
  };
  const enabled = ROUTES.filter((route) => isRouteEnabled(route, isOn));
  const redirects: RouteObject[] = REDIRECTS.map((entry) => ({
    path: entry.from,
    loader: redirectLoader(isOn),
    element: null,
  }));
  return [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: null,
      children: [
        ...redirects,
        ...enabled.filter((route) => route.access === 'public').map(toRouteObject),
        {
          id: 'session',
          loader: sessionGuard,
          children: enabled.filter((route) => route.access === 'session').map(toRouteObject),
        },
      ],
    },
  ];
}
