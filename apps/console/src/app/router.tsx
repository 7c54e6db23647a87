import { createBrowserRouter, type RouteObject } from 'react-router';
import { ApprovalsPage } from '../pages/approvals-page.tsx';
import { AuditPage } from '../pages/audit-page.tsx';
import { ClaimsPage } from '../pages/claims/claims-page.tsx';
import { InvitePage } from '../pages/invite-page.tsx';
import { MemberPage } from '../pages/member/member-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PasskeysPage } from '../pages/passkeys-page.tsx';
import { SearchPage } from '../pages/search-page.tsx';
import { SignInPage } from '../pages/sign-in-page.tsx';
import { ConsoleLayout } from './console-layout.tsx';
import { RoleGate } from './role-gate.tsx';

/** The console's pages (docs/staff-console.md "The console"), under /console/. */
export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/invite/:token', element: <InvitePage /> },
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <SearchPage /> },
      { path: 'members/:id', element: <MemberPage /> },
      // Every role: a member of staff's own passkeys.
      { path: 'security', element: <PasskeysPage /> },
      {
        path: 'approvals',
        element: (
          <RoleGate action="decideAdjustment">
            <ApprovalsPage />
          </RoleGate>
        ),
      },
      {
        path: 'claims',
        element: (
          <RoleGate action="viewClaims">
            <ClaimsPage />
          </RoleGate>
        ),
      },
      {
        path: 'audit',
        element: (
          <RoleGate action="viewAudit">
            <AuditPage />
          </RoleGate>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createConsoleRouter = () => createBrowserRouter(consoleRoutes, { basename: '/console' });
