import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { SignInPage } from '../pages/sign-in-page.tsx';
import { ConsoleLayout } from './console-layout.tsx';
import { FirstPage } from './first-page.tsx';
import { RoleGate } from './role-gate.tsx';

/** A page loaded when first opened: the first script holds the shell, sign-in and search only. */
const later = (load: () => Promise<ReactNode>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ element: await load() }),
});

/** The console's pages (docs/staff-console.md "The console"), under /console/. */
export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    path: '/invite/:token',
    ...later(async () => {
      const { InvitePage } = await import('../pages/invite-page.tsx');
      return <InvitePage />;
    }),
  },
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <FirstPage /> },
      {
        path: 'members/:id',
        ...later(async () => {
          const { MemberPage } = await import('../pages/member/member-page.tsx');
          return <MemberPage />;
        }),
      },
      // Every role: a member of staff's own passkeys.
      {
        path: 'security',
        ...later(async () => {
          const { PasskeysPage } = await import('../pages/passkeys-page.tsx');
          return <PasskeysPage />;
        }),
      },
      {
        path: 'approvals',
        ...later(async () => {
          const { ApprovalsPage } = await import('../pages/approvals-page.tsx');
          return (
            <RoleGate action="decideAdjustment">
              <ApprovalsPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'claims',
        ...later(async () => {
          const { ClaimsPage } = await import('../pages/claims/claims-page.tsx');
          return (
            <RoleGate action="viewClaims">
              <ClaimsPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'audit',
        ...later(async () => {
          const { AuditPage } = await import('../pages/audit-page.tsx');
          return (
            <RoleGate action="viewAudit">
              <AuditPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'staff/invite',
        ...later(async () => {
          const { StaffInvitePage } = await import('../pages/staff-invite-page.tsx');
          return (
            <RoleGate action="inviteStaff">
              <StaffInvitePage />
            </RoleGate>
          );
        }),
      },
      // A campaign manager's (and an admin's): offers and campaigns.
      {
        path: 'offers',
        ...later(async () => {
          const { OffersPage } = await import('../pages/offers/offers-page.tsx');
          return (
            <RoleGate action="viewOffers">
              <OffersPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'offers/new',
        ...later(async () => {
          const { OfferFormPage } = await import('../pages/offers/offer-form-page.tsx');
          return (
            <RoleGate action="editOffers">
              <OfferFormPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'offers/:id',
        ...later(async () => {
          const { OfferPage } = await import('../pages/offers/offer-page.tsx');
          return (
            <RoleGate action="viewOffers">
              <OfferPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'offers/:id/edit',
        ...later(async () => {
          const { OfferFormPage } = await import('../pages/offers/offer-form-page.tsx');
          return (
            <RoleGate action="editOffers">
              <OfferFormPage />
            </RoleGate>
          );
        }),
      },
      {
        path: 'campaigns/:name',
        ...later(async () => {
          const { CampaignPage } = await import('../pages/offers/campaign-page.tsx');
          return (
            <RoleGate action="viewOffers">
              <CampaignPage />
            </RoleGate>
          );
        }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createConsoleRouter = () => createBrowserRouter(consoleRoutes, { basename: '/console' });
