import { TravelPage } from './travel-page.tsx';

export const Component = TravelPage;
