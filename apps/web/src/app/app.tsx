import { RouterProvider } from 'react-router';
import { BotCheckStatus } from '../shared/bot-check/bot-check-status.tsx';
import { PopupProvider } from '../shared/popups/popup-manager.tsx';
import { ToastProvider } from '../shared/ui/toast.tsx';
import type { AppRouter } from './router.tsx';

/** The query client is not provided here: each page that needs it gets it as it loads (routes.tsx). */
export function App({ router }: { router: AppRouter }) {
  return (
    <ToastProvider>
      <PopupProvider>
        <RouterProvider router={router} />
        <BotCheckStatus />
      </PopupProvider>
    </ToastProvider>
  );
}
