import { SupermarketOffersPage } from './supermarket-offers-page.tsx';

export const Component = SupermarketOffersPage;
