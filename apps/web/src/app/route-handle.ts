import type { RouteAccess } from '@app/contracts/routes';

/** What every route of the table carries to the layout (title, analytics, header state). */
export interface RouteHandle {
  page: string;
  title: string;
  access: RouteAccess;
  path: string;
}
