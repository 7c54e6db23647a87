import { OfferDetailsPage } from './offer-details-page.tsx';

export const Component = OfferDetailsPage;
