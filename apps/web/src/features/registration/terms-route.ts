import { TermsPage } from './terms-page.tsx';

export const Component = TermsPage;
