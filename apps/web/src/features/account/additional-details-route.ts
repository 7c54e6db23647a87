import { AdditionalDetailsPage } from './additional-details-page.tsx';

export const Component = AdditionalDetailsPage;
