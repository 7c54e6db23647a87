import { Navigate } from 'react-router';
import { SearchPage } from '../pages/search-page.tsx';
import { useStaffSession } from '../shared/session.ts';

/** The console's first page: finding a member, or the offers for a campaign manager, who sees no member. */
export function FirstPage() {
  const { may } = useStaffSession();
  if (!may('search') && may('viewOffers')) return <Navigate to="/offers" replace />;
  return <SearchPage />;
}
