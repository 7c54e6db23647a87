import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './missing-points.css';

/** The frame of the missing-points pages: a way back, the heading and the page's content. */
export function MissingPointsLayout({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <main id="main" className="missing-points">
      <Link className="missing-points__back" to={back.to}>
        {back.label}
      </Link>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
