import { OfferPreviewPage } from './offer-preview-page.tsx';

export const Component = OfferPreviewPage;
