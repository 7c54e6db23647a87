import { GetBusinessOffersPage } from './get-business-offers-page.tsx';

export const Component = GetBusinessOffersPage;
