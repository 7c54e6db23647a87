import { CustomerDetailsPage } from './customer-details-page.tsx';

export const Component = CustomerDetailsPage;
