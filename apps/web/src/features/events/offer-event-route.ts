import { OfferEventPage } from './event-pages.tsx';

export const Component = OfferEventPage;
