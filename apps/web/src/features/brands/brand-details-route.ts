import { BrandDetailsPage } from './brand-details-page.tsx';

export const Component = BrandDetailsPage;
