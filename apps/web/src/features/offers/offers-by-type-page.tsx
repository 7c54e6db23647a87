import { useParams } from 'react-router';
import { NotFoundPage } from '../../shared/ui/not-found-page.tsx';
import { SavedOffersPage } from './saved-offers-page.tsx';

/**
 * /offers/:offerType (docs/product/signed-in-pages.md §S2.3). The route table names the pattern but not its
 * values; `saved` is the saved offers screen. Other values are not pages of ours.
 */
export function OffersByTypePage() {
  const { offerType } = useParams();
  return offerType === 'saved' ? <SavedOffersPage /> : <NotFoundPage />;
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { OffersByTypePage as Component };
