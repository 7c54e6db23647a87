import { OfferRedirectPage } from './offer-redirect-page.tsx';

export const Component = OfferRedirectPage;
