import { createBrowserRouter } from 'react-router';
import type { IsSwitchOn } from '@app/contracts/routes';
import { buildRoutes } from './routes.tsx';
import { createSessionGuard } from './session-guard.ts';

export const createRouter = (isOn: IsSwitchOn) =>
  createBrowserRouter(buildRoutes({ isOn, sessionGuard: createSessionGuard() }));

export type AppRouter = ReturnType<typeof createRouter>;
