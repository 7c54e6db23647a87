import { PartnerOffersPage } from './partner-offers-page.tsx';

export const Component = PartnerOffersPage;
