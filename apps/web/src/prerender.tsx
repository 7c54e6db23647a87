import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { resolveSwitches } from '@app/contracts/switches';
import { buildRoutes } from './app/routes.tsx';
import { PopupProvider } from './shared/popups/popup-manager.tsx';
import { ToastProvider } from './shared/ui/toast.tsx';

/**
 * Build-time drawing of a public page (issue 15), run by first-paint-plugin.ts in a simulated browser: the
 * same layout and page components as the app, under the switches of no environment. The server puts it into
 * the page; the app replaces it with its own render once the route is loaded (start-up.tsx).
 */
export async function prerender(url: string): Promise<string> {
  const switches = resolveSwitches({ environment: undefined });
  const routes = buildRoutes({
    isOn: (name) => switches[name],
    sessionGuard: () => {
      throw new Error('session pages are not pre-rendered');
    },
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <ToastProvider>
        <PopupProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PopupProvider>
      </ToastProvider>
    </StrictMode>,
  );
}
