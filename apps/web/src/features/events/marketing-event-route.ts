import { MarketingEventPage } from './event-pages.tsx';

export const Component = MarketingEventPage;
