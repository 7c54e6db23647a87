import { OffersByTypePage } from './offers-by-type-page.tsx';

export const Component = OffersByTypePage;
