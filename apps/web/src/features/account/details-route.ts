import { DetailsPage } from './details-page.tsx';

export const Component = DetailsPage;
