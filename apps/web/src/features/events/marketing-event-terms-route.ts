import { MarketingEventTermsPage } from './event-pages.tsx';

export const Component = MarketingEventTermsPage;
