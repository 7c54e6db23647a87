import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dataExportMessages as m } from '@app/contracts/data-export-constants';
import { Card } from '../../../shared/ui/card.tsx';
import '../data-export.css';

/** The frame of both pages: a way back to the account, the heading and a card. */
export function DataExportLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="data-export">
      <Link className="data-export__back" to="/account">
        Back to your account
      </Link>
      <h1>{m.title}</h1>
      <Card className="data-export__card">{children}</Card>
    </main>
  );
}
