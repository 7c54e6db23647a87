import { BusinessPartnersPage } from './business-pages.tsx';

export const Component = BusinessPartnersPage;
