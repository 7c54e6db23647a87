import { MyOffersPage } from './my-offers-page.tsx';

export const Component = MyOffersPage;
