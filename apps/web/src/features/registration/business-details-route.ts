import { BusinessDetailsPage } from './business-details-page.tsx';

export const Component = BusinessDetailsPage;
