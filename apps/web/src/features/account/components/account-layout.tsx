import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Card } from '../../../shared/ui/card.tsx';
import '../account.css';

/**
 * The frame of every account page: a way back, the page's heading (the route table's title) and a card.
 * `back` names where the back link goes; the hub itself has none.
 */
export function AccountLayout({
  title,
  back = { to: '/account', label: 'Back to your account' },
  intro,
  children,
}: {
  title: string;
  back?: { to: string; label: string } | null;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="account">
      {back ? (
        <Link className="account__back" to={back.to}>
          {back.label}
        </Link>
      ) : null}
      <h1>{title}</h1>
      {intro ? <div className="account__intro">{intro}</div> : null}
      <Card className="account__card">{children}</Card>
    </main>
  );
}

/** A message the page shows after a change or a failure, announced to screen readers (the shared Alert). */
export function Notice({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return (
    <Alert tone={kind} className="account__notice">
      {children}
    </Alert>
  );
}

/** The loading state of an account page. */
export function Loading() {
  return (
    <p className="account__loading" role="status">
      Loading - Please wait...
    </p>
  );
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Try again';
