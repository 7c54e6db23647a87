import { lazy, Suspense, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { BotCheckStatus } from '../shared/bot-check/bot-check-status.tsx';
import { PopupProvider } from '../shared/popups/popup-manager.tsx';
import { ToastProvider } from '../shared/ui/toast.tsx';
import { dismissUpdate, useAppUpdate } from './app-update.ts';
import type { AppRouter } from './router.tsx';

const UpdatePrompt = lazy(() => import('./update-prompt.tsx'));

/** The "update available" prompt (ADR 030), in a polite live region; its code loads when a release waits. */
function AppUpdate() {
  const update = useAppUpdate();
  return (
    <div className="update-prompt-region" role="status">
      {update ? (
        <Suspense fallback={null}>
          <UpdatePrompt onUpdate={update} onLater={dismissUpdate} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Everything around the router: the server draws a page inside the same frame (prerender.tsx, with its static
 * router), so that the app's first render in the browser is the drawing it hydrates (ADR 045).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <PopupProvider>
        {children}
        <BotCheckStatus />
        <AppUpdate />
      </PopupProvider>
    </ToastProvider>
  );
}

/** The query client is not provided here: each page that needs it gets it as it loads (routes.tsx). */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
